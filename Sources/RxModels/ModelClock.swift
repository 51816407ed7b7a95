// The model clock: its state, the order it hands arrivals out in, the main observer's script it
// plays, and how it closes the logs into an outcome. Subscribing and unsubscribing, the part a
// model drives, are in ModelClock+Subscriptions.

import RxCore
import RxTestKit

/// The order in which a `TestScheduler` run of a scenario delivers input events, computed from
/// plain values (the model never runs the scheduler it judges).
///
/// RxTest queues actions by `(tick, sequence)`. For a scenario that gives three phases at each
/// tick: hot events first (queued at construction, in `hotOrder`), then the harness actions
/// (create, subscribe, dispose, in that order), then cold events (queued at each subscription;
/// earlier subscriptions first, list order within one). Hence a hot event at the subscribe
/// tick is missed, a hot event at the dispose tick is seen, and a cold event at the dispose
/// tick is not (SEMANTICS 1.7–1.10).
///
/// Synchronous deliveries (a synchronous source's events, a value fed back by the observer)
/// happen inside the action being processed, depth-first: they wait at the front of the queue,
/// ahead of everything queued on the scheduler, in the order they were caused — a source
/// subscribed first delivers everything before one subscribed after it.
public struct ModelClock {
    /// The scenario's sources, inner sources and hot order: all a clock reads of it after init
    /// (keeping the whole scenario would copy, and count references to, every one of its
    /// arrays). Held by the queue, which reads hot events from them.
    var sources: [SourceTimeline] { queue.sources }
    var inners: [SourceTimeline] { queue.inners }
    var hotOrder: [HotEventRef] { queue.hotOrder }
    /// Queue rank of each hot event, flat, after a header of where each timeline's ranks start:
    /// event `index` of source `s` at `hotRank[hotRank[s] + index]`, of inner `i` at
    /// `hotRank[hotRank[sources + i] + index]` (one array, not one per source).
    /// Built only when needed: for a hot order whose ticks decrease somewhere, or for a behavior
    /// source's subscription (the queue reads a tick-ordered hot order in place).
    var hotRank: [Int] = []
    var hasRanks = false
    /// How many events the scenario's timelines hold: what most outputs stay within, and the
    /// rank table's length past its header.
    let inputEvents: Int
    /// Arrivals not yet delivered.
    var queue = ArrivalQueue()
    /// Counts everything queued during the run (cold events, timers): FIFO within a tick.
    var runSequence = 0
    /// Open subscriptions by id (nil once closed).
    var open: [(timeline: TimelineID, log: Int)?] = []
    var nextSubscription = 0
    /// Where the model is: the key of the arrival or harness action being processed.
    var now: Key
    let disposeKey: Key
    /// In harness mode the subscribers' actions are arrivals too and the clock runs to the end.
    let harnessMode: Bool
    /// What the main observer does besides recording; shared with the clock's `output`.
    let observer: ObserverScript
    /// The key of the harness action that subscribes the main observer.
    let subscribeKey: Key

    /// Subscription logs of `scenario.sources`.
    public internal(set) var sourceLogs: [[Subscription]]
    /// Subscription logs of `scenario.inners`.
    public internal(set) var innerLogs: [[Subscription]]

    /// A clock standing at the harness's subscribe action.
    public init(_ scenario: borrowing Scenario) {
        self.init(scenario, harness: false)
    }

    /// A clock for several subscribers: it stands just before the main subscribe, and every
    /// subscriber's subscribe and dispose arrives as a `.harness` arrival, in the order the
    /// harness queued them (main subscribe, main dispose, then each extra's pair).
    public init(sharedBySubscribersOf scenario: borrowing Scenario) {
        self.init(scenario, harness: true)
    }

    /// `init(sharedBySubscribersOf:)`, standing instead at the operator's creation: for an
    /// operator that subscribes its source as it is created (a connected connectable, a
    /// subject fed by the source), before anyone subscribes to it.
    public init(sharedFromCreationBySubscribersOf scenario: borrowing Scenario) {
        self.init(scenario, harness: true, at: scenario.created)
    }

    init(_ scenario: borrowing Scenario, harness: Bool, at start: Int? = nil) {
        self.harnessMode = harness
        let events = scenario.eventCount
        inputEvents = events
        sourceLogs = [[Subscription]](filled: [], count: scenario.sources.count)
        innerLogs = [[Subscription]](filled: [], count: scenario.inners.count)
        now = Key(tick: start ?? scenario.subscribed, phase: 1, order: harness ? 0 : 1)
        subscribeKey = Key(tick: scenario.subscribed, phase: 1, order: 1)
        disposeKey = Key(tick: scenario.disposed, phase: 1, order: 2)
        observer = ObserverScript(disposeAfter: harness ? nil : scenario.disposeInsideAfter,
                                  feedback: harness ? nil : scenario.feedback)
        observer.steps.reserveCapacity(stepsReserved(forEvents: events))
        exchangeStorage(&ClockStorage.ofThisThread.storage)
        let subscriptions = 1 + scenario.sources.count + scenario.inners.count
        queue.reserveCapacity(8 + events, subscriptions: subscriptions)
        open.reserveCapacity(subscriptions)
        if !queue.load(scenario.hotOrder, sources: scenario.sources, inners: scenario.inners) { buildRanks() }
        guard harness else { return }
        let windows = [Subscription(scenario.subscribed, scenario.disposed)] + scenario.extraSubscribers
        for (index, window) in windows.enumerated() {
            // Subscribe actions take odd orders, disposes the even one after: `isInsideSubscribeCall`
            // reads the parity.
            let order = index == 0 ? 1 : 1 + 2 * index
            for (tick, phase, action) in [(window.subscribe, order, HarnessAction.subscribe(index)),
                                          (window.unsubscribe, order + 1, HarnessAction.dispose(index))] {
                insert(Arrival(subscription: -1, timeline: .harness, kind: .harness(action),
                               key: Key(tick: tick, phase: 1, order: phase)))
            }
        }
    }

    /// Fills `hotRank` from the hot order.
    mutating func buildRanks() {
        let header = sources.count + inners.count
        let needed = header + inputEvents
        // A kept array may be longer than needed: only its first `needed` are read, all zero
        // before the order is written, so a scenario whose hot order misses an event reads what
        // it did before.
        var ranks: [Int] = []
        swap(&ranks, &hotRank)
        ranks.withUnsafeMutableBufferPointer { ranks in
            for index in 0..<min(needed, ranks.count) { ranks[index] = 0 }
        }
        if ranks.count < needed {
            ranks.reserveCapacity(needed)
            for _ in ranks.count..<needed { ranks.append(0) }
        }
        var start = header
        for (offset, timeline) in sources.enumerated() { ranks[offset] = start; start += timeline.events.count }
        for (offset, timeline) in inners.enumerated() {
            ranks[sources.count + offset] = start
            start += timeline.events.count
        }
        for (rank, ref) in hotOrder.enumerated() {
            ranks[ranks[ref.inner ? sources.count + ref.source : ref.source] + ref.index] = rank
        }
        hotRank = ranks
        hasRanks = true
    }

    /// The tick being processed.
    public var tick: Int { now.tick }

    /// A fresh output for this clock's model. It plays the main observer's script: after
    /// `Scenario.disposeInsideAfter` events it disposes (events the operator still delivers
    /// inside the subscribe call are dropped, and the subscription ends when that call
    /// returns); at `Scenario.feedback`'s event it sends the value back into every live
    /// subscription of source 0 (or of the inner source it names), delivered depth-first
    /// before anything else.
    public func output<Element>(_ type: Element.Type = Element.self) -> ModelOutput<Element> {
        ModelOutput(script: observer, expecting: inputEvents)
    }

    /// Subscriptions of `subscribe(inTurn:)` still waiting for theirs.
    var awaitingTurn: [(id: Int, timeline: TimelineID, disposed: Bool)] = []

    /// Subscriptions of `subscribeOnTrampoline(_:)` waiting for the subscribe call's own work to
    /// be done, in order.
    var trampolined: [(id: Int, timeline: TimelineID)] = []
    /// Synchronous subscriptions made on the trampoline outside the harness's subscribe call whose
    /// call may still be in progress: while one is, the trampoline is running, and a further
    /// subscription on it waits its turn.
    var trampolineCalls: [Int] = []

    /// Synchronous subscriptions whose subscribe call may not have returned yet, with where
    /// their last event sits in the queue and whether they were disposed meanwhile.
    /// `ended`: its source delivered its terminal inside the call (kept only for a model that
    /// predicts releases: a dispose that reaches it when the call returns is one).
    var callsInProgress: [(id: Int, name: SourceName, depth: Int, first: Int, last: Int, disposed: Bool, ended: Bool)] = []

    /// True for a model that predicts the operator's releases too (`RunStep.release`): the
    /// first dispose of a subscription its source's terminal ended. Set before subscribing.
    public var predictsReleases = false
    /// Subscriptions ended by their source's terminal and not released yet (only when
    /// `predictsReleases`).
    var unreleased: [(id: Int, name: SourceName)] = []

    /// Ticks between the main observer's dispose and the end of the source subscriptions, for
    /// operators that unsubscribe through the scheduler (`subscribe(on:)`: 1).
    public var unsubscribeDelay = 0
    var delayedStopQueued = false

    /// The next arrival before the harness disposes, or nil. A terminal arrival has already
    /// closed its own subscription (a test source ends its log when it delivers a terminal).
    public mutating func next() -> Arrival? {
        if queue.hasNoSynchronous && awaitingTurn.isEmpty && trampolined.isEmpty && callsInProgress.isEmpty
            && !observer.feedbackDue && !observer.disposeRequested && !observer.isStopped {
            // The common case, without the general path's bookkeeping: nothing is delivered
            // inside the current action, no source waits for its turn, no subscribe call is in
            // progress and the observer has nothing to carry out — the next queued arrival is next.
            return nextQueued()
        }
        playObserverScript()
        guard !observer.isStopped else { return nil }
        while queue.peekSynchronous() == nil, takeTurn() || takeTrampolined() {}
        var settled: Arrival?
        while settled == nil, let position = queue.nextSynchronousPosition() {
            // Settling may end a subscription whose fed-back value was next: look again.
            settleCalls(before: position)
            settled = queue.popSynchronous()
        }
        if settled == nil {
            // Every subscribe call of this action has returned; settled before the clock moves
            // on, a behavior source disposed inside its call ends now, with its pending events.
            settleCalls(before: nil)
            // A dispose the observer asked for inside the subscribe call takes effect as the
            // call returns, before the clock moves on.
            if observer.disposeRequested && !observer.isStopped && unsubscribeDelay == 0 {
                playObserverScript()
                if observer.isStopped { return nil }
            }
        }
        guard let first = settled else { return nextQueued() }
        return begin(first)
    }

    /// The next arrival queued on the scheduler before the harness disposes, or nil; the clock
    /// moves to it.
    @inline(__always)
    mutating func nextQueued() -> Arrival? {
        guard let queued = queue.peekQueued(), harnessMode || queued.key < disposeKey else {
            if now < disposeKey { now = disposeKey }
            return nil
        }
        queue.dropPeekedQueued()
        return begin(queued)
    }

    /// Starts processing `first`: the clock moves to it, and a terminal ends its subscription.
    @inline(__always)
    mutating func begin(_ first: Arrival) -> Arrival? {
        queue.beginAction()
        now = first.key
        if first.isDelayedStop {
            observer.isStopped = true
            unsubscribeAll()
            return nil
        }
        if first.event?.isTerminal == true { endSubscription(of: first) }
        return first
    }

    /// Ends the subscription `terminal` arrives for, if still open: a test source closes its
    /// log at its own terminal.
    @inline(__always)
    mutating func endSubscription(of terminal: Arrival) {
        guard let entry = open[terminal.subscription] else { return }
        open[terminal.subscription] = nil
        if let call = callsInProgress.firstIndex(where: { $0.id == terminal.subscription }) {
            // Its terminal ended it: no dispose will reach it, only a release.
            if predictsReleases { callsInProgress[call].ended = true } else { callsInProgress.remove(at: call) }
        }
        ended(terminal.subscription, entry.timeline)
        close(entry, at: terminal.tick)
        removePending(of: terminal.subscription)
    }

    /// The next arrival only if it is a synchronous delivery due inside the current action (a
    /// synchronous source subscribed just now), else nil. Lets a model subscribe its sources one
    /// by one and handle what each delivers before subscribing the next, as RxSwift does.
    public mutating func nextSynchronous() -> Arrival? {
        playObserverScript(stopping: false)
        guard queue.peekSynchronous() != nil else { return nil }
        return next()
    }

    /// A value the observer sent back while receiving the event just emitted, as the next arrival,
    /// else nil: a model whose next step depends on it handles it inside that emission,
    /// depth-first, as RxSwift delivers it.
    public mutating func nextFedBack() -> Arrival? {
        playObserverScript(stopping: false)
        guard let pending = queue.peekSynchronous(), pending.isFedBack else { return nil }
        return next()
    }

    /// Carries out what the main observer did during the last arrival: values it fed back go
    /// to the front of the queue, into every live subscription of source 0; a dispose ends
    /// everything — at once, or, inside the subscribe call, once that call has delivered all
    /// it delivers synchronously.
    mutating func playObserverScript(stopping: Bool = true) {
        if observer.feedbackDue, let feedback = observer.feedback {
            observer.feedbackDue = false
            let target: TimelineID = feedback.inner.map { .inner($0) } ?? .source(feedback.source)
            for id in open.indices {
                guard let entry = open[id], entry.timeline == target else { continue }
                var arrival = Arrival(subscription: id, timeline: entry.timeline,
                                      kind: .event(.next(feedback.value)), key: now)
                arrival.isFedBack = true
                insertSynchronous(arrival)
            }
        }
        if stopping && observer.disposeRequested && !observer.isStopped && unsubscribeDelay > 0 {
            // The unsubscription is itself scheduled: until it runs, sources still deliver —
            // a terminal still ends its own subscription — but nobody records the output.
            if !delayedStopQueued {
                delayedStopQueued = true
                let due = now.tick + unsubscribeDelay
                var stop = Arrival(subscription: -1, timeline: .timer, kind: .timer,
                                   key: Key(tick: due, phase: 2, order: runSequence))
                runSequence += 1
                stop.isDelayedStop = true
                insert(stop)
            }
        } else if stopping && observer.disposeRequested && !observer.isStopped {
            let goesOn = queue.peekSynchronous().map { now == subscribeKey || $0.isFedBack }
                ?? (now == subscribeKey && !(awaitingTurn.isEmpty && trampolined.isEmpty))
            if !goesOn {
                observer.isStopped = true
                unsubscribeAll()
            }
        }
    }

    /// What subscription `id` still has to deliver inside the current action — the rest of a
    /// synchronous source, which RxSwift cannot stop mid-subscribe: it keeps calling the
    /// operator's observer even after the output ended. A model that plays the rest itself calls
    /// this when it does: the subscribe calls nested inside the delivery before have returned.
    public mutating func takePendingSynchronous(of id: Int) -> [TimelineValue] {
        // What comes before it — the rest of calls nested inside its delivery — is delivered
        // first, to nobody (the output has ended), and a terminal among it ends its subscription.
        while let own = queue.firstSynchronousPosition(of: id), let position = queue.nextSynchronousPosition(),
              position.depth > own.depth || (position.depth == own.depth && position.index < own.index) {
            settleCalls(before: position)
            guard let arrival = queue.popSynchronous() else { break }
            if arrival.event?.isTerminal == true { endSubscription(of: arrival) }
        }
        if let position = queue.firstSynchronousPosition(of: id) { settleCalls(before: position) }
        return queue.synchronous(of: id)
    }

    /// Closes what is still open at the dispose tick (or at `closingTick`, for operators that
    /// unsubscribe later than they are disposed) and returns the outcome.
    @_specialize(where Element == Int)
    public mutating func finish<Element>(_ events: [Recorded<Event<Element>>], closingTick: Int? = nil) -> Outcome<Element> {
        let terminated = events.last?.value.isStopEvent ?? false
        for turn in awaitingTurn.indices { awaitingTurn[turn].disposed = true }
        while takeTurn() {}
        settleCalls(before: nil)
        if !terminated && !harnessMode {
            if let closingTick {
                // The unsubscription was scheduled at the dispose: whatever was queued for ticks
                // up to it runs first, and a source that ends meanwhile is not disposed.
                while let queued = queue.peekQueued(), queued.tick <= closingTick {
                    queue.dropPeekedQueued()
                    guard queued.event?.isTerminal == true, queued.subscription >= 0, let entry = open[queued.subscription] else { continue }
                    open[queued.subscription] = nil
                    close(entry, at: queued.tick)
                    ended(queued.subscription, entry.timeline)
                }
            }
            now = closingTick.map { Key(tick: $0, phase: 1, order: 2) } ?? disposeKey
            unsubscribeAll()
            settleCalls(before: nil)
        }
        let outcome = Outcome(events: events, sourceLogs: sourceLogs, innerLogs: innerLogs,
                              steps: harnessMode ? nil : observer.steps, stepsIncludeReleases: predictsReleases && !harnessMode)
        leaveStorage()
        return outcome
    }

    /// Leaves the working arrays to the thread's next clock: this one is done with.
    mutating func leaveStorage() {
        let kept = ClockStorage.ofThisThread
        exchangeStorage(&kept.storage)
        kept.storage.empty()
    }

    /// Trades the working arrays with `storage`.
    mutating func exchangeStorage(_ storage: inout ClockStorage) {
        queue.swapStorage(&storage.queue)
        swap(&hotRank, &storage.ranks)
        swap(&open, &storage.open)
        swap(&awaitingTurn, &storage.awaitingTurn)
    }
}
