// Test sources: the scripted-events base class with its subscription log, and the cold source
// that replays its events relative to each subscription. The hot source, with its registrations,
// is in HotObservable.swift.

import RxCore

/// A test source: its scripted events and the log of every subscription to it.
///
/// A subscription ends at the tick the source delivers its terminal event to it, whatever the
/// subscriber does (RxSwift's `create` wrapper behaves so), or when it is disposed.
public class TestableObservable<Element>: Observable<Element> {
    /// The scripted events (absolute ticks for hot sources, offsets for cold ones).
    public var recordedEvents: [Recorded<Event<Element>>] {
        // Only a timeline's source has no `recorded`, and its Element is Int (see its init).
        recorded ?? timings.map { ($0.recorded as Any) as! Recorded<Event<Element>> }
    }
    /// The events as they were given; nil for a scenario's source, which reads them from
    /// `timings` (its timeline's own events) instead of keeping a copy of its own.
    let recorded: [Recorded<Event<Element>>]?
    /// Every subscription so far, in subscription order.
    @exclusivity(unchecked) public internal(set) var subscriptions: [Subscription] = []

    unowned let scheduler: VirtualTimeScheduler
    /// The scheduler's clock, read when a subscription starts or ends: held strongly (it holds
    /// nothing back), so reading it checks and retains no unowned reference.
    private let clock: SharedClock
    /// Where a scenario run logs, under the source's name, each subscription that starts and
    /// each one disposed while still live (not one the source's terminal ends): the run keeps
    /// its operation order.
    @exclusivity(unchecked) var operationLog: (log: StepLog, name: SourceName)?
    /// Each event's tick, and whether it is a terminal, readable without generic code (each
    /// generic call looks its types' metadata up again): a scenario source's timeline events
    /// themselves, shared with the scenario; for events given as `Recorded`, their ticks with a
    /// stand-in value of the same kind (`.next(0)` or `.completed`). Replaced only when a
    /// scenario run takes the source up again (`HotObservable.reuse`).
    @exclusivity(unchecked) final var timings: [TimelineEvent]

    @_specialize(where Element == Int)
    init(scheduler: VirtualTimeScheduler, events: [Recorded<Event<Element>>]) {
        self.scheduler = scheduler
        self.clock = scheduler.sharedClock
        self.recorded = events
        var timings: [TimelineEvent] = []
        timings.reserveCapacity(events.count)
        for event in events {
            if case .next = event.value {
                timings.append(TimelineEvent(event.time, .next(0)))
            } else {
                timings.append(TimelineEvent(event.time, .completed))
            }
        }
        self.timings = timings
    }

    /// A source delivering `timeline` (Element is `Int`): nothing is copied or converted until
    /// an event is delivered.
    init(scheduler: VirtualTimeScheduler, timeline: [TimelineEvent]) {
        precondition(Element.self == Int.self, "a timeline's source delivers Int")
        self.scheduler = scheduler
        self.clock = scheduler.sharedClock
        self.recorded = nil
        self.timings = timeline
    }

    /// Event `index` as delivered.
    @inline(__always)
    final func event(at index: Int) -> Event<Element> {
        if let recorded { return recorded[index].value }
        return timings[index].value.event as! Event<Element>
    }

    /// Ends log entry `index` now; `disposed` says the subscriber disposed it while live.
    func closeSubscription(_ index: Int, disposed: Bool) {
        let entry = subscriptions[index]
        guard entry.unsubscribe == Int.max else { return }
        subscriptions[index] = Subscription(entry.subscribe, clock.now)
        if disposed, let operationLog { operationLog.log.log(.dispose(operationLog.name)) }
    }

    /// What a subscription ended by this source's terminal logs when the operator first disposes
    /// it; nil outside a run that logs releases.
    final func pendingRelease() -> PendingRelease? {
        guard let operationLog else { return nil }
        return PendingRelease(log: operationLog.log, name: operationLog.name)
    }

    /// Starts a log entry now and returns its index.
    func openSubscription() -> Int {
        subscriptions.appendEntry(Subscription(clock.now))
        if let operationLog { operationLog.log.log(.subscribe(operationLog.name)) }
        return subscriptions.count - 1
    }
}

/// Replays its events relative to each subscription: offset k fires at subscribe tick + k.
final class ColdObservable<Element>: TestableObservable<Element> {
    /// Holds its source strongly: a source nobody else keeps still replays what is queued.
    private final class ColdSubscription: VirtualAction, Disposable {
        let owner: ColdObservable<Element>
        var observer: AnyObserver<Element>?
        let log: Int
        var disposed = false
        /// Set when the source's terminal ended it, for a run that logs releases.
        var release: PendingRelease?

        init(owner: ColdObservable<Element>, observer: AnyObserver<Element>, log: Int) {
            self.owner = owner
            self.observer = observer
            self.log = log
        }

        override var isCancelled: Bool { disposed }

        @_specialize(where Element == Int)
        override func fire(_ payload: Int) {
            guard let observer else { return }
            let event = owner.event(at: payload)
            if event.isStopEvent { end(disposed: false) }
            observer.on(event)
        }

        func dispose() {
            if disposed { return release?.dispose() ?? () }
            end(disposed: true)
        }

        private func end(disposed byDispose: Bool) {
            guard !disposed else { return }
            disposed = true
            observer = nil
            owner.closeSubscription(log, disposed: byDispose)
            if !byDispose { release = owner.pendingRelease() }
        }
    }

    override func run(_ observer: AnyObserver<Element>) -> Disposable {
        let start = scheduler.clock
        let log = openSubscription()
        let subscription = ColdSubscription(owner: self, observer: observer, log: log)
        for (index, timing) in timings.enumerated() {
            scheduler.enqueue(subscription, payload: index, at: start + timing.tick)
        }
        return subscription
    }
}
