import Testing
import RxCore
@testable import RxTestKit

/// The queue's order — tick first, then the order things were queued — holds whether a hot
/// source's events wait in the scheduler's queue all at once (short sources) or one at a time
/// behind a cursor (long ones).
@Suite struct VirtualTimeSchedulerTests {
    /// What fired, in order: a source's element or a scheduled action's label.
    private final class Log { var entries: [String] = [] }

    /// Two sources of `count` events, four to a tick, queued alternately; actions queued
    /// before the run at a shared tick, and one queued during the run at a tick that still has
    /// events to come. Expected: by tick, then by when each was queued.
    private func interleavedRun(count: Int) -> (actual: [String], expected: [String]) {
        let scheduler = TestScheduler(initialClock: 0)
        let timelines: [[Recorded<Event<Int>>]] = (0..<2).map { source in
            (0..<count).map { index in .next(210 + 10 * (index / 4), 1_000 * source + index) }
        }
        let order = (0..<count).flatMap { index in [(source: 0, index: index), (source: 1, index: index)] }
        let sources = scheduler.createHotObservables(timelines, order: order)
        let log = Log()
        scheduler.scheduleAt(220) { log.entries.append("action@220") }
        scheduler.scheduleAt(220) {
            log.entries.append("nested@220")
            scheduler.scheduleAt(230) { log.entries.append("late@230") }
        }
        scheduler.scheduleAt(0) {
            for source in sources { _ = source.subscribe(onNext: { log.entries.append("\($0)") }) }
        }
        scheduler.start()
        // Queue positions: the sources' events in `order` first, then the actions.
        var queued: [(tick: Int, position: Int, label: String)] = order.enumerated().map { position, pair in
            (210 + 10 * (pair.index / 4), position, "\(1_000 * pair.source + pair.index)")
        }
        queued.append((220, queued.count, "action@220"))
        queued.append((220, queued.count, "nested@220"))
        queued.append((230, queued.count + 1, "late@230"))
        let expected = queued.sorted { ($0.tick, $0.position) < ($1.tick, $1.position) }.map(\.label)
        return (log.entries, expected)
    }

    @Test(arguments: [8, 40, 400])
    func sameTickEvents_fireInQueueOrder(count: Int) {
        let run = interleavedRun(count: count)
        #expect(run.actual.count == 2 * count + 3)
        #expect(run.actual == run.expected)
    }

    /// RxTest lets a hot source list its events out of tick order: they still fire by tick,
    /// equal ticks in list order, long source or short.
    @Test(arguments: [5, 50])
    func outOfOrderEvents_fireByTickThenListOrder(count: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        // Ticks 300, 250, 300, 250, …: every other event goes back in time.
        let events: [Recorded<Event<Int>>] = (0..<count).map { .next($0 % 2 == 0 ? 300 : 250, $0) }
        let source = scheduler.createHotObservable(events)
        let observer = scheduler.start { source.asObservable() }
        let expected = (0..<count).filter { $0 % 2 == 1 } + (0..<count).filter { $0 % 2 == 0 }
        #expect(observer.events.map(\.value.element) == expected.map(Optional.some))
        #expect(observer.events.map(\.time) == expected.map { $0 % 2 == 0 ? 300 : 250 })
    }
}

extension VirtualTimeSchedulerTests {
    /// A hot source nobody keeps still fires its events (into no observer): the scheduler's
    /// queue keeps it alive, as RxTest's does.
    @Test(arguments: [3, 40])
    func discardedHotSource_firesHarmlessly(count: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        _ = scheduler.createHotObservable((0..<count).map { Recorded.next(210 + $0, $0) })
        var ran = false
        scheduler.scheduleAt(300) { ran = true }
        scheduler.start()
        #expect(ran)
        #expect(scheduler.clock == 300)
    }
}

extension VirtualTimeSchedulerTests {
    /// A cold source subscribed and then let go replays what its subscription queued.
    @Test func discardedColdSource_stillReplays() {
        let scheduler = TestScheduler(initialClock: 0)
        var received: [Int] = []
        scheduler.scheduleAt(200) {
            _ = scheduler.createColdObservable([Recorded.next(10, 1), .next(20, 2), .completed(30)])
                .subscribe(onNext: { received.append($0) })
        }
        scheduler.start()
        #expect(received == [1, 2])
    }

    /// Once its events have fired, nothing keeps a hot source alive.
    @Test func hotSource_isReleasedAfterItsEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        weak var weakSource: TestableObservable<Int>?
        do {
            let source = scheduler.createHotObservable((0..<40).map { Recorded.next(210 + $0, $0) })
            weakSource = source
        }
        #expect(weakSource != nil)
        scheduler.start()
        #expect(weakSource == nil)
    }
}

extension VirtualTimeSchedulerTests {
    /// A scheduler let go with actions still queued lets go of them too (its target table
    /// holds each with a retain of its own, given back when the scheduler goes).
    @Test func discardedScheduler_releasesQueuedActions() {
        weak var weakSource: TestableObservable<Int>?
        do {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable((0..<40).map { Recorded.next(210 + $0, $0) })
            weakSource = source
            scheduler.advanceTo(215)
            #expect(scheduler.pendingCount > 0)
        }
        #expect(weakSource == nil)
    }

    /// The only subscriber of a hot source disposing while it receives an event: that event is
    /// delivered whole, nothing after it, and the log ends at that tick — for a short source
    /// (every event queued) and a long one (events behind a cursor).
    @Test(arguments: [3, 40])
    func soleSubscriber_disposingInsideDelivery_getsNothingMore(count: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable((0..<count).map { Recorded.next(210 + $0, $0) })
        var received: [Int] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = source.subscribe(onNext: { value in
                received.append(value)
                if value == 1 { subscription?.dispose() }
            })
        }
        scheduler.start()
        #expect(received == [0, 1])
        #expect(source.subscriptions == [Subscription(200, 211)])
    }
}

extension VirtualTimeSchedulerTests {
    /// A subscription's disposable does not keep its hot source alive, and disposing it once the
    /// source has gone does nothing (twice, too).
    @Test func hotSubscription_outlivingItsSource_disposesQuietly() {
        let scheduler = TestScheduler(initialClock: 0)
        weak var weakSource: TestableObservable<Int>?
        var subscription: Disposable?
        do {
            let source = scheduler.createHotObservable([Recorded<Event<Int>>]())
            weakSource = source
            subscription = source.subscribe(onNext: { _ in })
        }
        #expect(weakSource == nil)
        subscription?.dispose()
        subscription?.dispose()
    }
}

/// A hot source keeps its only subscriber apart from a list; the order of delivery holds as
/// subscribers come and go across that change.
@Suite struct HotSubscriberOrderTests {
    private final class Log { var entries: [String] = [] }

    @Test func subscribersReceiveInRegistrationOrder_asTheyComeAndGo() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        let log = Log()
        var subscriptions: [String: Disposable] = [:]
        func join(_ name: String) {
            subscriptions[name] = source.subscribe(onNext: { log.entries.append("\(name)\($0)") },
                                                   onCompleted: { log.entries.append("\(name)|") })
        }
        scheduler.scheduleAt(200) { join("a") }
        scheduler.scheduleAt(215) { join("b") }                   // a second one: both, in order
        scheduler.scheduleAt(225) { subscriptions["a"]?.dispose() }
        scheduler.scheduleAt(235) { join("c") }                   // after the first left
        scheduler.scheduleAt(245) { subscriptions["b"]?.dispose(); subscriptions["c"]?.dispose(); join("d") }
        scheduler.start()
        #expect(log.entries == ["a1", "a2", "b2", "b3", "b4", "c4", "d|"])
        #expect(source.subscriptions == [Subscription(200, 225), Subscription(215, 245), Subscription(235, 245),
                                         Subscription(245, 250)])
    }

    @Test func aSubscriberJoiningDuringDelivery_missesThatEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let log = Log()
        var joined: Disposable?
        scheduler.scheduleAt(200) {
            _ = source.subscribe(onNext: { value in
                log.entries.append("a\(value)")
                if joined == nil { joined = source.subscribe(onNext: { log.entries.append("b\($0)") }) }
            })
        }
        scheduler.start()
        #expect(log.entries == ["a1", "a2", "b2"])
        _ = joined
    }

    /// Subscribes, at 200, a bare observer that logs each element, disposes its own subscription
    /// inside the call — which leaves the source's reference the only one to it — runs `inside`
    /// there, and logs that its call is done.
    private func subscribeLeavingInside(_ source: TestableObservable<Int>, on scheduler: TestScheduler, log: Log,
                                        inside: @escaping () -> Void) {
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = source.subscribe(AnyObserver { event in
                guard case .next(let value) = event else { return }
                log.entries.append("a\(value)")
                subscription?.dispose()
                subscription = nil
                inside()
                log.entries.append("a\(value) done")
            })
        }
    }

    /// The sole subscriber reaches its element through the source's own reference: one that
    /// leaves inside the call and lets another join there runs on to the end of its call, hears
    /// nothing more, and the newcomer gets the next element.
    @Test func theSoleSubscriberLeavingInsideItsDelivery_runsOnAndTheNextOneJoins() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let log = Log()
        var second: Disposable?
        subscribeLeavingInside(source, on: scheduler, log: log) {
            second = source.subscribe(onNext: { log.entries.append("b\($0)") })
        }
        scheduler.scheduleAt(225) { second?.dispose(); second = nil }
        scheduler.start()
        #expect(log.entries == ["a1", "a1 done", "b2"])
        #expect(source.subscriptions == [Subscription(200, 210), Subscription(210, 225)])
    }

    /// Inside its own delivery the sole subscriber lets another join — both are then kept in
    /// the source's list — and leaves: it runs on to the end of its call, and only the other
    /// hears the next element.
    @Test func theSoleSubscriberLeavingAfterAnotherJoinedInsideItsDelivery_runsOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let log = Log()
        var first: Disposable?
        var second: Disposable?
        scheduler.scheduleAt(200) {
            first = source.subscribe(AnyObserver { event in
                guard case .next(let value) = event else { return }
                log.entries.append("a\(value)")
                second = source.subscribe(onNext: { log.entries.append("b\($0)") })
                first?.dispose()
                first = nil
                log.entries.append("a\(value) done")
            })
        }
        scheduler.start()
        #expect(log.entries == ["a1", "a1 done", "b2"])
        #expect(source.subscriptions == [Subscription(200, 210), Subscription(210)])
        _ = second
    }

    /// Inside its own delivery the sole subscriber leaves, another joins and is disposed at
    /// once: the first runs on to the end of its call, and neither hears anything more.
    @Test func aSubscriberJoiningAndLeavingInsideAnothersDelivery_leavesItRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let log = Log()
        subscribeLeavingInside(source, on: scheduler, log: log) {
            source.subscribe(AnyObserver { _ in log.entries.append("b") }).dispose()
        }
        scheduler.start()
        #expect(log.entries == ["a1", "a1 done"])
        #expect(source.subscriptions == [Subscription(200, 210), Subscription(210, 210)])
    }
}

extension VirtualTimeSchedulerTests {
    /// A scenario run's sources read their timeline's events in place; each must deliver, log
    /// and report its events exactly as a source built from the same events as `Recorded` —
    /// hot (queued at once, and behind a cursor), replaying its latest, and cold.
    @Test(arguments: [3, 40])
    func timelineSource_behavesAsItsRecordedTwin(count: Int) {
        let timeline = (0..<count).map { TimelineEvent(210 + 10 * $0, .next($0)) } + [TimelineEvent(215 + 10 * count, .error(2))]
        func run(_ make: (TestScheduler) -> (hot: HotObservable<Int>, cold: TestableObservable<Int>), replaying: Bool)
            -> (events: [[Recorded<Event<Int>>]], logs: [[Subscription]], recorded: [[Recorded<Event<Int>>]]) {
            let scheduler = TestScheduler(initialClock: 0)
            let (hot, cold) = make(scheduler)
            hot.replaysLatest = replaying
            for index in timeline.indices { hot.scheduleEvent(index, on: scheduler) }
            let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) { subscriptions.append(hot.subscribe(observers[0])) }
            scheduler.scheduleAt(230) { subscriptions.append(hot.subscribe(observers[1])) }
            scheduler.scheduleAt(240) { subscriptions.append(cold.subscribe(observers[2])) }
            scheduler.scheduleAt(250) { subscriptions[1].dispose() }
            scheduler.start()
            return (observers.map(\.events), [hot.subscriptions, cold.subscriptions], [hot.recordedEvents, cold.recordedEvents])
        }
        for replaying in [false, true] {
            let fromTimeline = run({ (HotObservable<Int>(scheduler: $0, timeline: timeline),
                                      ColdObservable<Int>(scheduler: $0, timeline: timeline)) }, replaying: replaying)
            let fromRecorded = run({ (HotObservable<Int>(scheduler: $0, events: timeline.map(\.recorded)),
                                      $0.createColdObservable(timeline.map(\.recorded))) }, replaying: replaying)
            #expect(fromTimeline.events == fromRecorded.events)
            #expect(fromTimeline.logs == fromRecorded.logs)
            #expect(fromTimeline.recorded == fromRecorded.recorded)
            #expect(fromTimeline.recorded[0] == timeline.map(\.recorded))
            #expect(fromTimeline.events[0].count == count + 1)
            // Subscribed at 230, just after that tick's event: only a replaying source hands it over.
            #expect((fromTimeline.events[1].first?.time == 230) == replaying)
        }
    }
}
