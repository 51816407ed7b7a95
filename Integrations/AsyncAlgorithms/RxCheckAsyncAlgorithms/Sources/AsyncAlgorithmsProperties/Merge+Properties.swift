import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    static var merge2: AsyncSpec {
        AsyncSpec("merge2", "merge(s0, s1)", shape: shape(2...2), model: .interleaving { _ in MergeModel(sources: 2) }) {
            AsyncOutput(merge($0.sources[0], $0.sources[1]))
        }
    }

    static var merge3: AsyncSpec {
        AsyncSpec("merge3", "merge(s0, s1, s2)", shape: shape(3...3), model: .interleaving { _ in MergeModel(sources: 3) }) {
            AsyncOutput(merge($0.sources[0], $0.sources[1], $0.sources[2]))
        }
    }
}
