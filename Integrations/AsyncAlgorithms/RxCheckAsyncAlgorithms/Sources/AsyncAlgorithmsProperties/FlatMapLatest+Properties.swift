import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    /// The outer source's element `k` is inner source `k % inners`, a rendezvous source anew.
    static var flatMapLatest: AsyncSpec {
        var spec = AsyncSpec("flatMapLatest", "s0.flatMapLatest { inner($0) }", shape: shape(inners: 1...3),
                             model: .alternatives { scenario, observed in
                                 FlatMapLatestModel.alternatives(scenario, start: observed.sourceStarts[0])
                             }) { context in
            AsyncOutput(context.sources[0].flatMapLatest { context.inner($0) })
        }
        spec.modelShape = timedShape(spec.shape)
        spec.modelPace = 0...0
        return spec
    }
}
