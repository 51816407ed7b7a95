import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    static var combineLatest2: AsyncSpec {
        AsyncSpec("combineLatest2", "combineLatest(s0, s1)", shape: shape(2...2),
                  model: .interleaving { _ in CombineLatestModel(sources: 2) }) {
            AsyncOutput(combineLatest($0.sources[0], $0.sources[1]))
        }
    }

    static var combineLatest3: AsyncSpec {
        AsyncSpec("combineLatest3", "combineLatest(s0, s1, s2)", shape: shape(3...3),
                  model: .interleaving { _ in CombineLatestModel(sources: 3) }) {
            AsyncOutput(combineLatest($0.sources[0], $0.sources[1], $0.sources[2]))
        }
    }
}
