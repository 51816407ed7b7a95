import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    /// The outer source's element `k` is inner source `k % inners`, a rendezvous source anew.
    static var joined: AsyncSpec {
        AsyncSpec("joined", "s0.map { inner($0) }.joined()", shape: shape(inners: 1...3),
                  model: .sequence { scenario, _ in JoinedModel.expected(scenario) }) { context in
            AsyncOutput(context.sources[0].map { context.inner($0) }.joined())
        }
    }
}
