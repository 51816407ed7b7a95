// The hot test source: events at absolute ticks, delivered to whoever is subscribed then, and the
// registration each subscriber holds. Apart because it carries the scenario run's fast path
// (events read from a timeline, delivered without generic metadata).

import RxCore

/// What a registration calls back when its subscriber disposes: its hot source.
protocol HotRegistrationOwner: AnyObject {
    func remove(_ registration: HotRegistration, disposed: Bool)
}

/// One subscriber of a hot source, and the disposable its subscribe call returns. Not generic,
/// so delivering to a snapshot of them needs no generic metadata on the hot path: the typed
/// work lives in a `deliver` closure — or, for a scenario's source (element `Int`, events read
/// from its timeline), in this object itself, with no closure to allocate.
final class HotRegistration: Disposable {
    /// Delivers event `index` of a source whose events were given as `Recorded`.
    private let deliverRecorded: ((Int) -> Void)?
    /// A scenario source's subscriber, and the timeline it is delivered from (unused with
    /// `deliverRecorded`). Not optional: called through the stored value, the observer's closure
    /// is not copied — and retained — at every event.
    private let observer: AnyObserver<Int>
    private let timeline: [TimelineEvent]
    /// Which of the two it delivers with. A flag of its own: testing `deliverRecorded` for nil
    /// instead cost a dozen instructions per event on the other path.
    private let readsTimeline: Bool
    /// The index of this subscription's entry in the source's log.
    let log: Int
    var isActive = true
    /// Set when the source's terminal ended it, for a run that logs releases.
    var release: PendingRelease?
    /// Set while it receives an element through `deliverUnretained`; then `isKeptAlive` once its
    /// source has let go of it meanwhile, and taken a reference in its place.
    private var isReceiving = false
    private var isKeptAlive = false
    /// Unowned and unchecked: the source marks every registration still active inactive when
    /// it goes, and an inactive one never calls it. Neither strong (the source holds its
    /// registrations: a subscription never disposed would keep both alive) nor `weak` (a
    /// weakly referenced source counts every retain and release in a side table).
    unowned(unsafe) let owner: HotRegistrationOwner

    init(owner: HotRegistrationOwner, log: Int, deliver: @escaping (Int) -> Void) {
        self.owner = owner
        self.log = log
        self.deliverRecorded = deliver
        self.observer = AnyObserver { _ in }
        self.timeline = []
        self.readsTimeline = false
    }

    init(owner: HotRegistrationOwner, log: Int, observer: AnyObserver<Int>, timeline: [TimelineEvent]) {
        self.owner = owner
        self.log = log
        self.deliverRecorded = nil
        self.observer = observer
        self.timeline = timeline
        self.readsTimeline = true
    }

    /// Delivers the source's event number `index`.
    @inline(__always)
    func deliver(_ index: Int) {
        // Neither value bound to a local: a local copy of a closure is retained and released.
        if readsTimeline {
            observer.on(timeline[index].value.event)
        } else {
            deliverRecorded?(index)
        }
    }

    /// `deliver`, called through the source's own reference with none of its own (no retain
    /// per element): a source that removes it meanwhile calls `keepAlive()` first, and the
    /// reference taken there is given back once the call is over. A call nested in another
    /// is covered by the outer one.
    @inline(never)
    func deliverUnretained(_ index: Int) {
        if isReceiving { return deliver(index) }
        isReceiving = true
        deliver(index)
        isReceiving = false
        if isKeptAlive {
            isKeptAlive = false
            Unmanaged.passUnretained(self).release()   // the last use of `self`: it may go here
        }
    }

    /// Takes a reference for the length of the current `deliverUnretained` call, if one is
    /// running; called by a source about to let go of it.
    func keepAlive() {
        guard isReceiving && !isKeptAlive else { return }
        isKeptAlive = true
        _ = Unmanaged.passRetained(self)
    }

    func dispose() {
        guard isActive else { return release?.dispose() ?? () }
        owner.remove(self, disposed: true)
    }
}

/// Fires each event at its absolute tick to the observers subscribed then, in registration
/// order (a snapshot taken when delivery starts).
final class HotObservable<Element>: TestableObservable<Element>, HotRegistrationOwner {
    // The actions hold their source strongly, and the source points back at a live one without
    // owning it: while any of its events is queued the scheduler keeps the source alive, as
    // RxTest's does — a source nobody else keeps still fires — and once the queue is through
    // with it nothing is left. The back pointer is cleared by the action's deinit (its source is
    // alive then: the action holds it). Not `weak`: a weakly referenced object counts every
    // retain and release in a side table, and the queue retains its action at every event.
    private final class EventAction: VirtualAction {
        let owner: HotObservable<Element>
        init(owner: HotObservable<Element>) { self.owner = owner }
        deinit { owner.queuedAction = nil }
        override func fire(_ payload: Int) { owner.fire(payload) }
    }

    /// Fires the pending event at `payload` and queues the one after it: the source's events
    /// wait in `pending`, and only the next one sits in the scheduler's queue.
    private final class CursorAction: VirtualAction {
        let owner: HotObservable<Element>
        /// Unmanaged: only this scheduler's own run fires the action, so it is alive whenever
        /// `fire` runs, and calling it through `_withUnsafeGuaranteedRef` retains nothing (an
        /// `unowned(unsafe)` reference is still retained for the length of each call).
        let scheduler: Unmanaged<VirtualTimeScheduler>
        init(owner: HotObservable<Element>, scheduler: VirtualTimeScheduler) {
            self.owner = owner
            self.scheduler = .passUnretained(scheduler)
        }
        deinit { owner.queuedCursor = nil }
        override func fire(_ payload: Int) { owner.firePending(payload, action: self) }
    }

    /// The subscribers in registration order, kept in `sole` while there has only ever been
    /// one at a time (the usual case: no array to allocate, no snapshot to copy) and in
    /// `registrations` from the first time a second one joins.
    @exclusivity(unchecked) private var sole: HotRegistration?
    @exclusivity(unchecked) private var registrations: [HotRegistration] = []
    /// Unmanaged, so queueing another event on it retains nothing: it is alive while the
    /// scheduler holds it, and clears this when it goes.
    private var queuedAction: Unmanaged<EventAction>?
    private unowned(unsafe) var queuedCursor: CursorAction?
    /// Events not yet in the scheduler's queue, in firing order, each with the place in the
    /// FIFO order of equal ticks it took when it was scheduled.
    @exclusivity(unchecked) private var pending: [(index: Int32, sequence: Int)] = []
    /// The position in `pending` of the event in the scheduler's queue (`pending.count`: none).
    @exclusivity(unchecked) private var cursor = 0
    /// When set, the source is also a `BehaviorSubject`: a subscription first receives, inside
    /// subscribe, the latest event fired so far — after a terminal, that terminal alone.
    @exclusivity(unchecked) var replaysLatest = false
    /// The index of the latest event fired.
    @exclusivity(unchecked) private var latest: Int?

    /// Queues event `index` after those scheduled before it. An event no earlier than the last
    /// pending one joins `pending` with its place reserved; its entry enters the scheduler's
    /// queue when the one before it fires, so a source of n events keeps one entry queued
    /// instead of n, and everything still runs in the order it would have. An event scheduled
    /// out of tick order is queued at once, and so are all of a short source's: for a few
    /// events the queue stays small anyway, and `pending` would only cost an allocation.
    /// `scheduler` is the source's own, passed in by the caller that holds it.
    func scheduleEvent(_ index: Int, on scheduler: VirtualTimeScheduler) {
        if timings.count < 32 || pending.last.map({ timings[index].tick < timings[Int($0.index)].tick }) == true {
            let tick = timings[index].tick
            if let queuedAction {
                queuedAction._withUnsafeGuaranteedRef { scheduler.enqueue($0, payload: index, at: tick) }
            } else {
                let action = EventAction(owner: self)
                queuedAction = .passUnretained(action)
                scheduler.enqueue(action, payload: index, at: tick)
            }
            return
        }
        if pending.isEmpty { pending.reserveCapacity(timings.count) }
        let sequence = scheduler.reserveSequences()
        pending.append((Int32(index), sequence))
        if cursor == pending.count - 1 {
            let action = queuedCursor ?? CursorAction(owner: self, scheduler: scheduler)
            queuedCursor = action
            scheduler.enqueue(action, payload: cursor, at: timings[index].tick, sequence: sequence)
        }
    }

    /// Fires event `index` now, to the subscribers registered at this moment. (Inlined, with
    /// the delivery a function of its own: either merged into the other, a run costs more.)
    @inline(__always)
    func fire(_ index: Int) {
        deliver(index, isTerminal: timings[index].value.isTerminal)
    }

    private func firePending(_ position: Int, action: CursorAction) {
        let index = Int(pending[position].index)
        cursor = position + 1
        if cursor < pending.count {
            let next = pending[cursor]
            let (tick, sequence, payload) = (timings[Int(next.index)].tick, next.sequence, cursor)
            action.scheduler._withUnsafeGuaranteedRef { $0.enqueue(action, payload: payload, at: tick, sequence: sequence) }
        }
        fire(index)
    }

    private func deliver(_ index: Int, isTerminal: Bool) {
        latest = index
        // One subscriber (the usual case): no snapshot to copy. An element reaches it through
        // the source's reference (see `deliverUnretained`); a terminal, which removes it first,
        // holds one of its own through the call.
        if sole != nil {
            if !isTerminal {
                Unmanaged.passUnretained(sole.unsafelyUnwrapped)._withUnsafeGuaranteedRef { $0.deliverUnretained(index) }
                return
            }
            let held = sole.unsafelyUnwrapped
            remove(held, disposed: false)
            held.deliver(index)
            return
        }
        let snapshot = registrations
        for registration in snapshot where registration.isActive {
            if isTerminal { remove(registration, disposed: false) }
            registration.deliver(index)
        }
    }

    deinit {
        sole?.isActive = false
        for registration in registrations { registration.isActive = false }
    }

    /// True when nothing of a run is left in it: no subscriber registered, no event queued. A
    /// scenario source that is idle at the end of its run, and held by nothing else, can serve
    /// the next run on the same scheduler (`reuse`).
    var isIdle: Bool { sole == nil && registrations.isEmpty && queuedAction == nil && queuedCursor == nil }

    /// Empties an idle scenario source of its run: its state is a new source's, its timeline
    /// let go (the generator may reuse its storage). `reuse` then gives it the next run's
    /// timeline and empties its log — not before: the run's outcome has the log, and once that
    /// is gone (the usual case) emptying it keeps its storage for the next.
    func clear() {
        operationLog = nil
        timings = []
        if !pending.isEmpty { pending = [] }
        cursor = 0
        replaysLatest = false
        latest = nil
    }

    /// A cleared scenario source, delivering `timeline` as a new one would.
    func reuse(timeline: [TimelineEvent]) {
        timings = timeline
        subscriptions.removeAll(keepingCapacity: true)
    }

    private func add(_ registration: HotRegistration) {
        if sole == nil && registrations.isEmpty {
            sole = registration
            return
        }
        if let sole {
            registrations.append(sole)
            self.sole = nil
        }
        registrations.append(registration)
    }

    func remove(_ registration: HotRegistration, disposed: Bool) {
        guard registration.isActive else { return }
        registration.isActive = false
        closeSubscription(registration.log, disposed: disposed)
        if !disposed { registration.release = pendingRelease() }
        // Held on while it still receives an element (as the sole subscriber, it may have
        // moved to the list since).
        registration.keepAlive()
        if sole === registration {
            sole = nil
        } else if let index = registrations.firstIndex(where: { $0 === registration }) {
            registrations.remove(at: index)
        }
    }

    // The work is in `subscribe`, kept out of line: in the entry, reached through the vtable,
    // the specialisation's type check then comes before any look-up of the event types.
    @_specialize(where Element == Int)
    override func run(_ observer: AnyObserver<Element>) -> Disposable {
        subscribe(observer)
    }

    @inline(never)
    private func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        let log = openSubscription()
        if replaysLatest, let latest, timings[latest].value.isTerminal {
            closeSubscription(log, disposed: false)
            observer.on(event(at: latest))
            return pendingRelease() ?? Disposables.create()
        }
        // The delivery reads the events, not the source.
        let registration: HotRegistration
        if let recorded {
            registration = HotRegistration(owner: self, log: log) { index in observer.on(recorded[index].value) }
        } else {
            // Element is Int (only a timeline's source has no `recorded`), so the observer is
            // an `AnyObserver<Int>`: the same value, laid out the same.
            registration = HotRegistration(owner: self, log: log, observer: unsafeBitCast(observer, to: AnyObserver<Int>.self),
                                           timeline: timings)
        }
        add(registration)
        // As RxSwift's BehaviorSubject: registered first, then handed the current element.
        if replaysLatest, let latest { observer.on(event(at: latest)) }
        return registration
    }
}
