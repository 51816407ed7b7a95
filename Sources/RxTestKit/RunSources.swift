// The sources a scenario run makes besides test observables: synchronous sources that deliver
// inside subscribe, the feed that fires hot events in the scenario's tie order with one queue
// entry at a time, and the targets of the observer's feedback.

import Foundation
import RxCore

/// The test source a hot order's event belongs to: hot by construction, since `hotOrder` names
/// hot events only.
func hotSource(of ref: HotEventRef, sources: [Observable<Int>], inners: [Observable<Int>]) -> HotObservable<Int> {
    unsafeDowncast((ref.inner ? inners : sources)[ref.source], to: HotObservable<Int>.self)
}

/// A synchronous source of a run: each subscription delivers every event inside the subscribe
/// call, up to a terminal, and logs its subscribe — and its dispose, when that comes before the
/// source ended. What `Observable.create` over the events does, in one object per subscription
/// instead of a sink, its disposable, and three closures.
final class SynchronousSource: Observable<Int> {
    private let events: [Event<Int>]
    private let name: SourceName
    /// Unowned: the run's sources and observer hold the log, and it outlives the run's actions.
    private unowned let log: StepLog

    init(events: [Event<Int>], name: SourceName, log: StepLog) {
        self.events = events
        self.name = name
        self.log = log
    }

    override func run(_ observer: AnyObserver<Int>) -> Disposable {
        log.log(.subscribe(name))
        // Past the stack budget the run has failed: silent, so a recursion through synchronous
        // sources stops here.
        if log.isPastStackBudget { return Disposables.create() }
        var ended = false
        for event in events {
            ended = event.isStopEvent
            observer.on(event)
            if ended { break }
        }
        // Ended: a dispose has nothing left to release, and logs only in a run that logs releases
        // (no object to make for it otherwise).
        guard ended else { return Subscription(name: name, log: log) }
        return PendingRelease(log: log, name: name) ?? Disposables.create()
    }

    private final class Subscription: Disposable {
        var isLive = true
        let name: SourceName
        unowned let log: StepLog
        init(name: SourceName, log: StepLog) {
            self.name = name
            self.log = log
        }
        func dispose() {
            guard isLive else { return }
            isLive = false
            log.log(.dispose(name))
        }
    }
}

/// Fires a run's hot events in `hotOrder` with one entry in the scheduler's queue at a time:
/// event k is queued when event k − 1 fires, in the place among equal ticks it would have taken
/// had all been queued up front, one after another (`firstSequence + k`). What runs, and in what
/// order, is the same; the queue stays a few entries long, and no source needs an action of its
/// own. Only for an order whose ticks never decrease (a drawn or parsed scenario's): otherwise
/// queueing up front would run the events in another order than `hotOrder`'s.
final class HotFeed: VirtualAction {
    // Unchecked exclusivity: loaded before the run, read by it one event at a time.
    /// Per position in `hotOrder`: the event's tick, its source and its index there (`count` of
    /// `capacity` in use). Unmanaged: `sources` holds every source for as long as the feed is
    /// loaded. Raw storage, kept with the feed from run to run: loading writes each entry with
    /// no uniqueness or capacity check, as appending to an array would make at every event.
    @exclusivity(unchecked) private var events: UnsafeMutablePointer<Event>?
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var sources: (sources: [Observable<Int>], inners: [Observable<Int>]) = ([], [])
    /// Unmanaged: only this scheduler's run fires the feed, and a call through it retains nothing.
    @exclusivity(unchecked) private var scheduler: Unmanaged<VirtualTimeScheduler>?
    @exclusivity(unchecked) private var firstSequence = 0

    private typealias Event = (tick: Int, source: Unmanaged<HotObservable<Int>>, index: Int)

    deinit { events?.deallocate() }

    /// The feed `scheduler` kept from its last run, or a new one. A run's feed is kept for the
    /// next (`putBack`), so its object and its events' storage are made once, not per run.
    static func reusable(for scheduler: VirtualTimeScheduler) -> HotFeed {
        guard let spare = scheduler.spareHotFeed else { return HotFeed() }
        scheduler.spareHotFeed = nil
        return unsafeDowncast(spare, to: HotFeed.self)
    }

    /// Loads `order`, whose events belong to `sources` and `inners`; false (nothing loaded) when
    /// its ticks decrease somewhere.
    func load(order: [HotEventRef], sources: [Observable<Int>], inners: [Observable<Int>], scheduler: VirtualTimeScheduler) -> Bool {
        count = 0
        if capacity < order.count {
            events?.deallocate()
            capacity = max(1, order.count, 2 * capacity)
            events = .allocate(capacity: capacity)
        }
        guard let events else { return false }
        let innerBase = sources.count
        // Each source taken out of its array once (a strong copy, counted), not once per event.
        let loaded = withUnsafeTemporaryAllocation(of: Unmanaged<HotObservable<Int>>?.self, capacity: sources.count + inners.count) { table -> Int? in
            table.initialize(repeating: nil)
            var last = Int.min
            for (position, ref) in order.enumerated() {
                let slot = ref.inner ? innerBase + ref.source : ref.source
                let source: Unmanaged<HotObservable<Int>>
                if let known = table[slot] {
                    source = known
                } else {
                    source = .passUnretained(hotSource(of: ref, sources: sources, inners: inners))
                    table[slot] = source
                }
                let tick = source._withUnsafeGuaranteedRef { $0.timings[ref.index].tick }
                if tick < last { return nil }
                last = tick
                (events + position).initialize(to: (tick, source, ref.index))
            }
            return order.count
        }
        guard let loaded else { return false }
        count = loaded
        self.sources = (sources, inners)
        self.scheduler = .passUnretained(scheduler)
        self.firstSequence = scheduler.reserveSequences(order.count)
        return true
    }

    /// After the run: lets go of the sources and keeps the feed as `scheduler`'s spare, when
    /// nothing queued still points at it and its storage is no larger than a spare scheduler's.
    static func putBack(_ feed: inout HotFeed, on scheduler: VirtualTimeScheduler) {
        guard isKnownUniquelyReferenced(&feed), feed.capacity <= SpareScheduler.largestKept else { return }
        feed.count = 0
        feed.sources = ([], [])
        feed.scheduler = nil
        scheduler.spareHotFeed = feed
    }

    /// Queues the first event.
    func start() { queue(0) }

    private func queue(_ k: Int) {
        let (tick, sequence) = (events.unsafelyUnwrapped[k].tick, firstSequence + k)
        scheduler.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.enqueue(self, payload: k, at: tick, sequence: sequence) }
    }

    /// Fires event `k`, then — while the next is due before anything queued — the events after
    /// it, as the run would have taken them from the queue one by one; queues the first that
    /// is not.
    override func fire(_ k: Int) {
        var k = k
        let (scheduler, events, count) = (scheduler.unsafelyUnwrapped, events.unsafelyUnwrapped, count)
        while true {
            let index = events[k].index
            events[k].source._withUnsafeGuaranteedRef { $0.fire(index) }
            k += 1
            guard k < count else { return }
            let (tick, sequence) = (events[k].tick, firstSequence + k)
            guard scheduler._withUnsafeGuaranteedRef({ $0.runsNext(at: tick, sequence: sequence) }) else { break }
        }
        queue(k)
    }
}

/// The live subscriptions of the source that carries the observer's feedback.
final class FeedbackTargets {
    @exclusivity(unchecked) var observers: [AnyObserver<Int>] = []
}

/// The source that carries the observer's feedback: each subscription passes `original`'s
/// events on and takes the values fed back, until the source's terminal or a dispose. Unlike a
/// `create` wrapper it does not dispose `original` at its terminal, so the operator's own dispose
/// of an ended subscription still reaches the source (a release, `RunStep.release`).
final class FeedbackSource: Observable<Int> {
    private let original: Observable<Int>
    private let targets: FeedbackTargets

    init(_ original: Observable<Int>, targets: FeedbackTargets) {
        self.original = original
        self.targets = targets
    }

    override func run(_ observer: AnyObserver<Int>) -> Disposable {
        let link = Link(observer)
        targets.observers.append(AnyObserver(eventHandler: link.on))
        link.subscription.setDisposable(original.subscribe(AnyObserver(eventHandler: link.on)))
        return link
    }

    private final class Link: Disposable {
        private var observer: AnyObserver<Int>?
        let subscription = SingleAssignmentDisposable()

        init(_ observer: AnyObserver<Int>) { self.observer = observer }

        func on(_ event: Event<Int>) {
            guard let observer else { return }
            if event.isStopEvent { self.observer = nil }
            observer.on(event)
        }

        func dispose() {
            observer = nil
            subscription.dispose()
        }
    }
}
