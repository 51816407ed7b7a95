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
        spec.leftOpen = { scenario, run in
            var open: Set<SourceName> = []
            // The other, once it sent its element (see the model).
            if run.log.sourceFirstElement("s1") != nil { open.insert(.source(1)) }
            // The upstream, when the other finished the output inside `subscribe`: its late subscription is
            // requested from, not cancelled (OpenCombine's testLateSubscription, also run against Apple's Combine).
            if let ended = run.log.sourceEnded("s1"), ended.tick == scenario.subscribed, ended.step == run.log.completion?.at.step {
                open.insert(.source(0))
            }
            return open
        }
        spec.tolerated[.afterCompletion] = "once the other finished the output, what the upstream still sends is passed on: "
            + "OpenCombine's testOtherCompletesBeforeTriggering (also run against Apple's Combine)"
        return spec
    }
}
