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

    /// 1.5: the main subscriber, registered first, disposes the second inside the element both
    /// were to get: the second gets nothing more, not even that element.
    @Test func subscriberDisposedDuringADelivery_getsNothingOfIt() {
        var shared = scenario([hot([next(210, 1), next(220, 2)])])
        shared.extraSubscribers = [Subscription(205, 1000)]
        shared.subscriberAction = .init(.dispose, actor: 0, after: 1, target: 1)
        let outcome = ShareModel.outcome(shared, replay: 0, lifetime: .whileConnected)
        #expect(outcome.events == [next(210, 1), next(220, 2)])
        #expect(outcome.extraEvents == [[]])
        #expect(outcome.sourceLogs == [[Subscription(200, 1000)]])
    }

    /// 1.5: a subscriber added inside a delivery does not get that element from the delivery —
    /// only from the replay it receives as it subscribes — and then everything after; its
    /// window keeps its own end.
    @Test func subscriberAddedDuringADelivery_getsOnlyItsReplayOfIt() {
        var shared = scenario([hot([next(210, 1), next(220, 2), next(450, 3)])])
        shared.extraSubscribers = [Subscription(300, 400)]
        shared.subscriberAction = .init(.subscribe, actor: 0, after: 1, target: 1)
        let plain = ShareModel.outcome(shared, replay: 0, lifetime: .whileConnected)
        #expect(plain.extraEvents == [[next(220, 2)]])
        let replaying = ShareModel.outcome(shared, replay: 1, lifetime: .whileConnected)
        #expect(replaying.extraEvents == [[next(210, 1), next(220, 2)]])
        #expect(replaying.events == [next(210, 1), next(220, 2), next(450, 3)])
    }

    /// An action inside the replay the actor gets as it subscribes acts there. window1 disposes
    /// the main subscriber, the last other one, while it receives the replayed 1: share's
    /// `.whileConnected` counted window1 before its replay, so the connection stays; a refCounted
    /// replay subject counts it only after, so the connection ends and a new one starts — on a
    /// new subject window1 is not registered with (RxSwift's order); `.forever` keeps its one
    /// subject, so window1 hears the new connection.
    @Test func actionInsideTheActorsOwnReplay_actsThere() {
        var shared = scenario([hot([next(210, 1), next(320, 2)])])
        shared.extraSubscribers = [Subscription(300, 1000)]
        shared.subscriberAction = .init(.dispose, actor: 1, after: 1, target: 0)
        let kept = ShareModel.outcome(shared, replay: 1, lifetime: .whileConnected)
        #expect(kept.events == [next(210, 1)])
        #expect(kept.extraEvents == [[next(300, 1), next(320, 2)]])
        #expect(kept.sourceLogs[0] == [Subscription(200, 1000)])
        let stranded = ShareModel.outcome(shared, replay: 1, lifetime: .refCounted)
        #expect(stranded.extraEvents == [[next(300, 1)]])
        #expect(stranded.sourceLogs[0] == [Subscription(200, 300), Subscription(300, 1000)])
        let forever = ShareModel.outcome(shared, replay: 1, lifetime: .forever)
        #expect(forever.extraEvents == [[next(300, 1), next(320, 2)]])
        #expect(forever.sourceLogs[0] == [Subscription(200, 300), Subscription(300, 1000)])
    }

    /// replay(1) connected at creation: the source is subscribed at 100, before anyone; a cold
    /// source's first element at 100 is kept for the first subscriber; nobody's leaving
    /// disconnects; after the terminal a new subscriber hears nothing at all.
    @Test func connectedAtCreation_runsWhoeverListens_andAfterItsTerminalIsSilent() {
        var shared = scenario([cold([next(0, 1), next(150, 2), completed(300)])], disposed: 260)
        shared.extraSubscribers = [Subscription(270, 300), Subscription(500, 600)]
        let outcome = ShareModel.outcome(shared, replay: 1, lifetime: .connected)
        #expect(outcome.events == [next(200, 1), next(250, 2)])
        #expect(outcome.extraEvents == [[next(270, 2)], []])
        #expect(outcome.sourceLogs == [[Subscription(100, 400)]])
    }

    /// The subjects, fed from creation: after the source's terminal a new subscriber gets it —
    /// a ReplaySubject after its buffer, a BehaviorSubject alone; before it, a BehaviorSubject
    /// hands over its latest element (its initial one until the source sends one).
    @Test func subjects_handLateSubscribersWhatTheyKeep() {
        var shared = scenario([hot([next(210, 1), completed(300)])], disposed: 205)
        shared.extraSubscribers = [Subscription(400, 500)]
        let publish = ShareModel.outcome(shared, replay: 0, lifetime: .subject(initial: nil))
        #expect(publish.events == [] && publish.extraEvents == [[completed(400)]])
        let replay = ShareModel.outcome(shared, replay: 2, lifetime: .subject(initial: nil))
        #expect(replay.extraEvents == [[next(400, 1), completed(400)]])
        let behavior = ShareModel.outcome(shared, replay: 1, lifetime: .subject(initial: 9))
        #expect(behavior.events == [next(200, 9)])
        #expect(behavior.extraEvents == [[completed(400)]])
        #expect(behavior.sourceLogs == [[Subscription(100, 300)]])
    }
}
