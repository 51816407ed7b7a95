import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    /// One consumer of a shared sequence gets every element the source has, then its end.
    static var share: AsyncSpec {
        AsyncSpec("share", "s0.share() with one consumer", shape: shape(),
                  model: .sequence { scenario, _ in SourceTimelineValues(scenario.sources[0]).expected }) {
            AsyncOutput($0.sources[0].share())
        }
    }
}
