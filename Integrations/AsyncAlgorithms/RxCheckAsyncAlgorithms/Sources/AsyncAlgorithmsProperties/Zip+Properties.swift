import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    static var zip2: AsyncSpec {
        AsyncSpec("zip2", "zip(s0, s1)", shape: shape(2...2), model: .interleaving { _ in ZipModel(sources: 2) }) {
            AsyncOutput(zip($0.sources[0], $0.sources[1]))
        }
    }

    static var zip3: AsyncSpec {
        AsyncSpec("zip3", "zip(s0, s1, s2)", shape: shape(3...3), model: .interleaving { _ in ZipModel(sources: 3) }) {
            AsyncOutput(zip($0.sources[0], $0.sources[1], $0.sources[2]))
        }
    }
}
