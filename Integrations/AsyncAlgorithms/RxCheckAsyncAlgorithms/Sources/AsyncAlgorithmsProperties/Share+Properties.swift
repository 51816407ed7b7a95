import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    /// Up to three consumers of one shared sequence, the first there from the start, the others
    /// joining and leaving in windows of their own.
    static var share: AsyncSpec {
        var spec = AsyncSpec("share", "s0.share() with up to three consumers", shape: shape(),
                             model: AsyncModel(judge: { ShareModel.judge($0, $1) },
                                               expected: { scenario, _ in SourceTimelineValues(scenario.sources[0]).expected })) {
            AsyncOutput($0.sources[0].share())
        }
        spec.shape.extraSubscribers = 0...2
        return spec
    }
}
