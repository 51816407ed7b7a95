import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `s0.drop(untilOutputFrom: s1)`.
    static var dropUntilOutput: CombineSpec {
        var spec = CombineSpec("drop.untilOutputFrom", "s0.drop(untilOutputFrom: s1)", shape: shape(2...2),
                               build: { $0.sources[0].drop(untilOutputFrom: $0.sources[1]).eraseToAnyPublisher() },
                               model: { DropUntilOutputModel.outcome($0) })
        spec.demandDelaysOnly = false   // a delayed element may pass a gate that opened meanwhile
        spec.leftOpen = { _ in [.source(1)] }   // the other, once it sent its element (see the model)
        spec.tolerated[.afterCompletion] = "once the other finished the output, what the upstream still sends is passed on: "
            + "OpenCombine's testOtherCompletesBeforeTriggering (also run against Apple's Combine)"
        return spec
    }
}
