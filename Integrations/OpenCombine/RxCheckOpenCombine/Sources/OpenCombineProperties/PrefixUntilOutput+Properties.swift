import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `s0.prefix(untilOutputFrom: s1)`.
    static var prefixUntilOutput: CombineSpec {
        var spec = CombineSpec("prefix.untilOutputFrom", "s0.prefix(untilOutputFrom: s1)", shape: shape(2...2),
                               build: { $0.sources[0].prefix(untilOutputFrom: $0.sources[1]).eraseToAnyPublisher() },
                               model: { PrefixUntilOutputModel.outcome($0) })
        spec.leftOpen = { _, run in run.log.sourceFirstElement("s1") != nil ? [.source(1)] : [] }   // the other, once it sent its element (see the model)
        spec.tolerated[.subscriptionFirst] = "an element of the other inside subscribe finishes the output before it has a "
            + "subscription: OpenCombine's testTerminatorEmitsValueBeforeUpstreamSendsSubscription (also run against Apple's Combine)"
        spec.demandDelaysOnly = false   // a delayed element may come after the other's element
        return spec
    }
}
