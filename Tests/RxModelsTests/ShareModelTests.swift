import Testing
import RxCore
import RxTestKit
import RxModels

/// Subscriber 0 is the main window (200–`disposed`); the others are `extraSubscribers`.
@Suite struct ShareModelTests {
    /// publish().refCount(): connects at the first subscriber, disconnects at the last, and the
    /// next subscriber starts a fresh connection.
    @Test func refCount_connectsAtFirst_disconnectsAtLast_reconnectsAfter() {
        var shared = scenario([cold([next(10, 1), next(60, 2)])], disposed: 230)
        shared.extraSubscribers = [Subscription(220, 240), Subscription(400, 1000)]
        let outcome = ShareModel.outcome(shared, replay: 0, lifetime: .whileConnected)
        #expect(outcome.events == [next(210, 1)])
        #expect(outcome.extraEvents == [[], [next(410, 1), next(460, 2)]])
        #expect(outcome.sourceLogs == [[Subscription(200, 240), Subscription(400, 1000)]])
    }

    /// replay(1).refCount(): the last subscriber leaving discards the connection's subject, so a
    /// later subscriber is replayed nothing stale (RxSwift; SEMANTICS §8).
    @Test func replayRefCount_lastSubscriberLeaving_discardsTheBuffer() {
        var shared = scenario([hot([next(210, 1), next(410, 2)])], disposed: 300)
        shared.extraSubscribers = [Subscription(400, 1000)]
        let outcome = ShareModel.outcome(shared, replay: 1, lifetime: .whileConnected)
        #expect(outcome.events == [next(210, 1)])
        #expect(outcome.extraEvents == [[next(410, 2)]])
        #expect(outcome.sourceLogs == [[Subscription(200, 300), Subscription(400, 1000)]])
    }

    /// share(replay: 1, scope: .forever): one subject for life; a late subscriber gets the
    /// buffered value at once.
    @Test func forever_lateSubscriberGetsTheBuffer() {
        var shared = scenario([hot([next(210, 1), next(410, 2)])], disposed: 300)
        shared.extraSubscribers = [Subscription(400, 1000)]
        let outcome = ShareModel.outcome(shared, replay: 1, lifetime: .forever)
        #expect(outcome.extraEvents == [[next(400, 1), next(410, 2)]])
    }
}
