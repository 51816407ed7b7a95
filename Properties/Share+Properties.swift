import RxCheck
import RxCore
import RxModels
import RxTestKit

// Sharing operators are checked with one to three further subscribers joining and leaving at
// generated ticks — including everyone leaving and one coming back (the reconnect cases).
extension Catalog {
    static var sharedShape: ScenarioShape { sharedShape(parameters: [0...2]) }

    /// One source, one to three further subscribers, and in most cases one subscriber acting on
    /// another from inside its delivery.
    static func sharedShape(parameters: [ClosedRange<Int>]) -> ScenarioShape {
        var shape = shape(1...1, parameters: parameters)
        shape.extraSubscribers = 1...3
        shape.subscriberActionPercent = 75
        return shape
    }

    /// Why a subject or a connected connectable has no cleansUp property.
    static let keepsItsSource = "it holds its source's subscription until the source ends, whoever listens: that is what it is for"

    static var shareWhileConnected: OperatorSpec {
        OperatorSpec("share(replay:scope: .whileConnected)",
                     "share(replay: n) keeps one connection while anyone listens; a terminal or the last leaving ends it",
                     shape: sharedShape, build: { $0.sources[0].share(replay: $0.parameters[0], scope: .whileConnected) },
                     model: { ShareModel.outcome($0, replay: $0.parameters[0], lifetime: .whileConnected) })
            .covering(3, .resubscribedAfterAllLeft)
    }

    static var shareForever: OperatorSpec {
        OperatorSpec("share(replay:scope: .forever)",
                     "share(replay: n, scope: .forever) keeps one subject for life and never resubscribes after a terminal",
                     shape: sharedShape, build: { $0.sources[0].share(replay: $0.parameters[0], scope: .forever) },
                     model: { ShareModel.outcome($0, replay: $0.parameters[0], lifetime: .forever) })
    }

    static var publishRefCount: OperatorSpec {
        OperatorSpec("publish().refCount()", "publish().refCount() connects at the first subscriber and disconnects at the last",
                     shape: sharedShape, build: { $0.sources[0].publish().refCount() },
                     model: { ShareModel.outcome($0, replay: 0, lifetime: .refCounted) })
    }

    static var replayRefCount: OperatorSpec {
        OperatorSpec("replay(_:).refCount()", "replay(n).refCount() replays within one connection; a disconnect or terminal discards the buffer",
                     shape: sharedShape, build: { $0.sources[0].replay($0.parameters[0]).refCount() },
                     model: { ShareModel.outcome($0, replay: $0.parameters[0], lifetime: .refCounted) })
    }

    /// `share()` as users write it: no replay, `.whileConnected`.
    static var shareDefault: OperatorSpec {
        OperatorSpec("share()", "share() with its defaults is share(replay: 0, scope: .whileConnected)",
                     shape: sharedShape, build: { $0.sources[0].share() },
                     model: { ShareModel.outcome($0, replay: 0, lifetime: .whileConnected) })
            .covering(3, .resubscribedAfterAllLeft)
    }
}
