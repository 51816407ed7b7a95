import RxCore
import RxTestKit

/// Which scripted timeline a subscription reads — or, for a model's own timer, which timer.
public enum TimelineID: Hashable, Sendable {
    case source(Int)
    case inner(Int)
    case timer
    case harness
}

extension TimelineID {
    /// The scenario source this timeline is, if it is one.
    var sourceName: SourceName? {
        switch self {
        case .source(let index): return .source(index)
        case .inner(let index): return .inner(index)
        case .timer, .harness: return nil
        }
    }
}

/// A harness action on a shared output: subscriber k (0 is the main one) subscribes or leaves.
public enum HarnessAction: Equatable, Sendable {
    case subscribe(Int)
    case dispose(Int)
}

/// One thing a model receives: an event of a source it subscribed, a timer it armed firing, or
/// (for a shared output) a subscriber coming or leaving — with which subscription, when.
public struct Arrival: Equatable, Sendable {
    /// What arrives.
    public enum Kind: Equatable, Sendable {
        /// An event of a source or an inner source.
        case event(TimelineValue)
        /// The timer `subscription` fired.
        case timer
        /// A subscriber subscribes or leaves (`ModelClock(sharedBySubscribersOf:)`).
        case harness(HarnessAction)
    }

    /// The subscription delivering it (the timer's id for a timer).
    public let subscription: Int
    /// The timeline it belongs to.
    public let timeline: TimelineID
    /// The absolute tick (its queue position's).
    public var tick: Int { key.tick }
    /// What arrives.
    public let kind: Kind
    /// Queue position `(tick, phase, order)`; see `ModelClock`.
    let key: Key

    /// The event of a source's arrival. A timer or a harness action carries none: reading it
    /// there is a programming error.
    public var value: TimelineValue {
        guard case .event(let value) = kind else { preconditionFailure("a \(timeline) arrival carries no event") }
        return value
    }

    /// The event, for a source's arrival; nil for a timer or a harness action.
    var event: TimelineValue? {
        if case .event(let value) = kind { return value }
        return nil
    }

    /// For a harness arrival, the action.
    public var harness: HarnessAction? {
        if case .harness(let action) = kind { return action }
        return nil
    }
    /// True for a value the observer sent back into a source (`Scenario.feedback`).
    public var isFedBack = false
    /// True for the clock's own action that ends the subscriptions `unsubscribeDelay` ticks
    /// after the observer disposed; never handed to a model.
    var isDelayedStop = false
}

struct Key: Comparable, Equatable, Sendable {
    let tick: Int
    let phase: Int
    let order: Int
    static func < (lhs: Key, rhs: Key) -> Bool {
        (lhs.tick, lhs.phase, lhs.order) < (rhs.tick, rhs.phase, rhs.order)
    }
}

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
    private var sources: [SourceTimeline] { queue.sources }
    private var inners: [SourceTimeline] { queue.inners }
    private var hotOrder: [HotEventRef] { queue.hotOrder }
    /// Queue rank of each hot event, flat, after a header of where each timeline's ranks start:
    /// event `index` of source `s` at `hotRank[hotRank[s] + index]`, of inner `i` at
    /// `hotRank[hotRank[sources + i] + index]` (one array, not one per source).
    /// Built only when needed: for a hot order whose ticks decrease somewhere, or for a behavior
    /// source's subscription (the queue reads a tick-ordered hot order in place).
    private var hotRank: [Int] = []
    private var hasRanks = false
    /// How many events the scenario's timelines hold: what most outputs stay within, and the
    /// rank table's length past its header.
    private let inputEvents: Int
    /// Arrivals not yet delivered.
    private var queue = ArrivalQueue()
    /// Counts everything queued during the run (cold events, timers): FIFO within a tick.
    private var runSequence = 0
    /// Open subscriptions by id (nil once closed).
    private var open: [(timeline: TimelineID, log: Int)?] = []
    private var nextSubscription = 0
    /// Where the model is: the key of the arrival or harness action being processed.
    private var now: Key
    private let disposeKey: Key
    /// In harness mode the subscribers' actions are arrivals too and the clock runs to the end.
    private let harnessMode: Bool
    /// What the main observer does besides recording; shared with the clock's `output`.
    private let observer: ObserverScript
    /// The key of the harness action that subscribes the main observer.
    private let subscribeKey: Key

    /// Subscription logs of `scenario.sources`.
    public private(set) var sourceLogs: [[Subscription]]
    /// Subscription logs of `scenario.inners`.
    public private(set) var innerLogs: [[Subscription]]

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

    private init(_ scenario: borrowing Scenario, harness: Bool) {
        self.harnessMode = harness
        let events = scenario.eventCount
        inputEvents = events
        sourceLogs = [[Subscription]](filled: [], count: scenario.sources.count)
        innerLogs = [[Subscription]](filled: [], count: scenario.inners.count)
        now = Key(tick: scenario.subscribed, phase: 1, order: harness ? 0 : 1)
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
            let order = index == 0 ? 1 : 1 + 2 * index
            for (tick, phase, action) in [(window.subscribe, order, HarnessAction.subscribe(index)),
                                          (window.unsubscribe, order + 1, HarnessAction.dispose(index))] {
                insert(Arrival(subscription: -1, timeline: .harness, kind: .harness(action),
                               key: Key(tick: tick, phase: 1, order: phase)))
            }
        }
    }

    /// Fills `hotRank` from the hot order.
    private mutating func buildRanks() {
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

    /// Subscribes `timeline` now; returns the subscription's id. A hot source delivers only the
    /// events queued after this moment; a cold source replays from now.
    @discardableResult
    public mutating func subscribe(_ timeline: TimelineID) -> Int {
        let id = newID()
        subscribe(timeline, as: id)
        return id
    }

    /// A fresh subscription (or timer) id, not yet open.
    private mutating func newID() -> Int {
        let id = nextSubscription
        nextSubscription += 1
        open.append(nil)
        return id
    }

    private mutating func subscribe(_ timeline: TimelineID, as id: Int) {
        playObserverScript(stopping: false)   // a value fed back before this reaches only earlier subscriptions
        let script: SourceTimeline
        var log = -1
        switch timeline {
        case .timer, .harness:
            preconditionFailure("only sources and inner sources are subscribed")
        case .source(let index):
            script = sources[index]
            if script.flavor != .synchronous {
                sourceLogs[index].appendEntry(Subscription(now.tick))
                log = sourceLogs[index].count - 1
            }
        case .inner(let index):
            script = inners[index]
            if script.flavor != .synchronous {
                innerLogs[index].appendEntry(Subscription(now.tick))
                log = innerLogs[index].count - 1
            }
        }
        if let name = timeline.sourceName { observer.steps.append(.subscribe(name)) }
        if script.flavor == .synchronous {
            // Delivered inside this very action, after anything it already caused, before
            // anything else; no log (not a test source).
            open[id] = (timeline, -1)
            for event in script.events {
                insertSynchronous(Arrival(subscription: id, timeline: timeline, kind: .event(event.value), key: now))
            }
            if !script.events.isEmpty, let name = timeline.sourceName {
                let last = queue.lastPushedPosition
                callsInProgress.append((id, name, last.depth, last.index - script.events.count + 1, last.index, disposed: false))
            }
            return
        }
        open[id] = (timeline, log)
        if script.flavor.isHot {
            let slot: Int
            switch timeline {
            case .source(let source): slot = source
            case .inner(let inner): slot = sources.count + inner
            case .timer, .harness: slot = 0
            }
            if script.flavor == .behavior && !hasRanks { buildRanks() }
            let base = hasRanks ? hotRank[slot] : 0
            if script.flavor == .behavior, let name = timeline.sourceName,
               let latest = script.events.indices.last(where: { Key(tick: script.events[$0].tick, phase: 0, order: hotRank[base + $0]) <= now }) {
                // A BehaviorSubject hands the latest event over inside subscribe — once it has
                // ended, that terminal alone, which ends this subscription there and then.
                let event = script.events[latest]
                insertSynchronous(Arrival(subscription: id, timeline: timeline, kind: .event(event.value), key: now))
                let last = queue.lastPushedPosition
                callsInProgress.append((id, name, last.depth, last.index, last.index, disposed: false))
                if event.value.isTerminal { return }
            }
            if queue.readsHotOrder {
                queue.subscribeHot(slot: slot, id: id, at: now)
                return
            }
            // Its events after now, read in place when their keys increase; else queued one
            // by one.
            let events = script.events
            var first = events.count
            var increasing = true
            var previous: Key?
            for index in events.indices {
                let key = Key(tick: events[index].tick, phase: 0, order: hotRank[base + index])
                if let previous, !(previous < key) { increasing = false; break }
                if first == events.count && now < key { first = index }
                previous = key
            }
            if increasing {
                queue.pushHot(subscription: id, timeline: timeline, events: events, ranks: hotRank, base: base, first: first)
            } else {
                for (index, event) in events.enumerated() {
                    let key = Key(tick: event.tick, phase: 0, order: hotRank[base + index])
                    if now < key { insert(Arrival(subscription: id, timeline: timeline, kind: .event(event.value), key: key)) }
                }
            }
        } else {
            for event in script.events {
                let tick = now.tick + event.tick
                let key = Key(tick: tick, phase: 2, order: runSequence)
                runSequence += 1
                insert(Arrival(subscription: id, timeline: timeline, kind: .event(event.value), key: key))
            }
        }
    }

    /// Subscribes `timelines` one after another, as an operator subscribing its sources in a
    /// loop does: each later one is subscribed only once everything the earlier ones deliver
    /// synchronously has arrived (through `next()`). Returns their ids at once. One disposed
    /// before its turn — or when the output ends first — is still subscribed in its turn and
    /// disposed at once (RxSwift: `(S, S)`).
    @discardableResult
    public mutating func subscribe(inTurn timelines: [TimelineID]) -> [Int] {
        Array(subscribeInTurn(timelines))
    }

    /// `subscribe(inTurn:)` for sources `range`, in order, without arrays: returns their ids,
    /// consecutive: source `range.lowerBound + k` has id `lowerBound + k` of the result.
    public mutating func subscribe(sourcesInTurn range: Range<Int>) -> Range<Int> {
        subscribeInTurn(range.lazy.map { .source($0) })
    }

    /// Subscribes the first of `timelines` and queues the rest for their turns; their ids are
    /// consecutive.
    private mutating func subscribeInTurn<Timelines: Collection<TimelineID>>(_ timelines: Timelines) -> Range<Int> {
        guard let first = timelines.first else { return nextSubscription..<nextSubscription }
        let firstID = subscribe(first)
        awaitingTurn.reserveCapacity(timelines.count - 1)
        for timeline in timelines.dropFirst() { awaitingTurn.append((newID(), timeline, disposed: false)) }
        return firstID..<(firstID + timelines.count)
    }

    /// Subscribes `timeline` and disposes the subscription as soon as the subscribe call returns,
    /// as an operator does with a source it no longer wants (RxSwift: an assignment disposable
    /// disposed before it was set). A synchronous source delivers everything inside that call —
    /// to nobody — so only a source that does not end there sees the dispose.
    public mutating func subscribeAndDispose(_ timeline: TimelineID) {
        subscribeAndDispose(timeline, as: newID())
    }

    private mutating func subscribeAndDispose(_ timeline: TimelineID, as id: Int) {
        subscribe(timeline, as: id)
        if let call = callsInProgress.firstIndex(where: { $0.id == id }) {
            let entry = callsInProgress.remove(at: call)
            if queue.hasPendingTerminal(of: id, depth: entry.depth, first: entry.first, last: entry.last) {
                // It ends itself inside the call: a behavior source's log closes there.
                if let open = open[id] { close(open, at: now.tick) }
                open[id] = nil
                removePending(of: id)
                return
            }
        }
        unsubscribe(id)
    }

    /// Subscriptions of `subscribe(inTurn:)` still waiting for theirs.
    private var awaitingTurn: [(id: Int, timeline: TimelineID, disposed: Bool)] = []

    /// Subscribes the next source awaiting its turn, under the id it was promised; true when
    /// there was one.
    private mutating func takeTurn() -> Bool {
        guard !awaitingTurn.isEmpty else { return false }
        settleCalls(before: nil)   // the sources before it have returned from subscribe
        let turn = awaitingTurn.removeFirst()
        if turn.disposed {
            subscribeAndDispose(turn.timeline, as: turn.id)
        } else {
            subscribe(turn.timeline, as: turn.id)
        }
        return true
    }

    /// Arms a timer `ticks` from now (zero or less means the next tick, as on the test
    /// scheduler) and returns its id; it arrives as an `Arrival` whose timeline is `.timer`.
    @discardableResult
    public mutating func schedule(after ticks: Int) -> Int {
        let id = newID()
        let due = now.tick + ticks <= now.tick ? now.tick + 1 : now.tick + ticks
        insert(Arrival(subscription: id, timeline: .timer, kind: .timer,
                       key: Key(tick: due, phase: 2, order: runSequence)))
        runSequence += 1
        return id
    }

    private mutating func insertSynchronous(_ arrival: Arrival) {
        queue.pushSynchronous(arrival)
    }

    /// Cancels a timer that has not fired.
    public mutating func cancel(_ timer: Int) { removePending(of: timer) }

    private mutating func insert(_ arrival: Arrival) {
        queue.push(arrival)
    }

    /// Ends subscription `id` at the current tick (no-op when it already ended).
    ///
    /// A synchronous source disposed while it is still delivering inside its subscribe call: the
    /// dispose reaches it only when that call returns — logged once the clock hands out a
    /// delivery outside the call, or finishes — and not at all when what it still delivers
    /// includes its terminal.
    ///
    /// With `stoppingDelivery` false, a synchronous source still inside its subscribe call keeps
    /// delivering to the model until that call returns — as in RxSwift, where the operator's
    /// observer of that source does not check whether it was disposed.
    public mutating func unsubscribe(_ id: Int, stoppingDelivery: Bool = true) {
        if !stoppingDelivery, let call = callsInProgress.firstIndex(where: { $0.id == id }), open[id] != nil {
            callsInProgress[call].disposed = true
            return
        }
        if let turn = awaitingTurn.firstIndex(where: { $0.id == id }) {
            awaitingTurn[turn].disposed = true
            return
        }
        guard let entry = open[id] else { return }
        open[id] = nil
        close(entry, at: now.tick)
        if let name = entry.timeline.sourceName {
            if let call = callsInProgress.firstIndex(where: { $0.id == id }) {
                // Still inside its subscribe call: the dispose reaches it when the call returns,
                // unless it delivers its terminal first.
                let entry = callsInProgress[call]
                if queue.hasPendingTerminal(of: id, depth: entry.depth, first: entry.first, last: entry.last) {
                    callsInProgress.remove(at: call)
                } else {
                    callsInProgress[call].disposed = true
                }
            } else {
                observer.steps.append(.dispose(name))
            }
        }
        removePending(of: id)
    }

    /// Synchronous subscriptions whose subscribe call may not have returned yet, with where
    /// their last event sits in the queue and whether they were disposed meanwhile.
    private var callsInProgress: [(id: Int, name: SourceName, depth: Int, first: Int, last: Int, disposed: Bool)] = []

    /// Ends the subscribe calls that have returned before the delivery at `position` (every
    /// call, for nil), innermost first; a call disposed meanwhile logs its dispose now.
    private mutating func settleCalls(before position: (depth: Int, index: Int)?) {
        guard !callsInProgress.isEmpty else { return }
        // A call has returned once the delivery at `position` lies outside it: in a shallower
        // batch, or past its last event in its own.
        func hasReturned(_ depth: Int, _ last: Int) -> Bool {
            guard let position else { return true }
            return depth > position.depth || (depth == position.depth && last < position.index)
        }
        // The common case, cheaply: every call still in progress.
        guard callsInProgress.contains(where: { hasReturned($0.depth, $0.last) }) else { return }
        var returned: [(id: Int, depth: Int, last: Int, name: SourceName, disposed: Bool)] = []
        callsInProgress.removeAll { call in
            let done = hasReturned(call.depth, call.last)
            if done { returned.append((call.id, call.depth, call.last, call.name, call.disposed)) }
            return done
        }
        for call in returned.sorted(by: { ($0.depth, $0.last) > ($1.depth, $1.last) }) where call.disposed {
            observer.steps.append(.dispose(call.name))
            if let entry = open[call.id] {   // disposed with its delivery going on: it ends now
                open[call.id] = nil
                close(entry, at: now.tick)
                removePending(of: call.id)
            }
        }
    }

    private mutating func removePending(of id: Int) {
        queue.remove(subscription: id)
    }

    /// Ends every open subscription at the current tick: the output has terminated.
    public mutating func unsubscribeAll() {
        for turn in awaitingTurn.indices { awaitingTurn[turn].disposed = true }
        for id in open.indices where open[id] != nil { unsubscribe(id) }
    }

    /// True while subscription `id` is open.
    public func isSubscribed(_ id: Int) -> Bool { id < open.count && open[id] != nil }

    private mutating func close(_ entry: (timeline: TimelineID, log: Int), at tick: Int) {
        guard entry.log >= 0 else { return }   // a synchronous source keeps no log
        switch entry.timeline {
        case .source(let index):
            sourceLogs[index][entry.log] = Subscription(sourceLogs[index][entry.log].subscribe, tick)
        case .inner(let index):
            innerLogs[index][entry.log] = Subscription(innerLogs[index][entry.log].subscribe, tick)
        case .timer, .harness:
            break
        }
    }

    /// The next arrival before the harness disposes, or nil. A terminal arrival has already
    /// closed its own subscription (a test source ends its log when it delivers a terminal).
    public mutating func next() -> Arrival? {
        if queue.hasNoSynchronous && awaitingTurn.isEmpty && callsInProgress.isEmpty
            && !observer.feedbackDue && !observer.disposeRequested && !observer.isStopped {
            // The common case, without the general path's bookkeeping: nothing is delivered
            // inside the current action, no source waits for its turn, no subscribe call is in
            // progress and the observer has nothing to carry out — the next queued arrival is next.
            return nextQueued()
        }
        playObserverScript()
        guard !observer.isStopped else { return nil }
        while queue.peekSynchronous() == nil, takeTurn() {}
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
    private mutating func nextQueued() -> Arrival? {
        guard let queued = queue.peekQueued(), harnessMode || queued.key < disposeKey else {
            if now < disposeKey { now = disposeKey }
            return nil
        }
        queue.dropPeekedQueued()
        return begin(queued)
    }

    /// Starts processing `first`: the clock moves to it, and a terminal ends its subscription.
    @inline(__always)
    private mutating func begin(_ first: Arrival) -> Arrival? {
        queue.beginAction()
        now = first.key
        if first.isDelayedStop {
            observer.isStopped = true
            unsubscribeAll()
            return nil
        }
        if first.event?.isTerminal == true, let entry = open[first.subscription] {
            open[first.subscription] = nil
            if let call = callsInProgress.firstIndex(where: { $0.id == first.subscription }) {
                callsInProgress.remove(at: call)   // its terminal ended it: no dispose will reach it
            }
            close(entry, at: first.tick)
            removePending(of: first.subscription)
        }
        return first
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

    /// Ticks between the main observer's dispose and the end of the source subscriptions, for
    /// operators that unsubscribe through the scheduler (`subscribe(on:)`: 1).
    public var unsubscribeDelay = 0
    private var delayedStopQueued = false

    /// Carries out what the main observer did during the last arrival: values it fed back go
    /// to the front of the queue, into every live subscription of source 0; a dispose ends
    /// everything — at once, or, inside the subscribe call, once that call has delivered all
    /// it delivers synchronously.
    private mutating func playObserverScript(stopping: Bool = true) {
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
                ?? (now == subscribeKey && !awaitingTurn.isEmpty)
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
                }
            }
            now = closingTick.map { Key(tick: $0, phase: 1, order: 2) } ?? disposeKey
            unsubscribeAll()
            settleCalls(before: nil)
        }
        let outcome = Outcome(events: events, sourceLogs: sourceLogs, innerLogs: innerLogs,
                              steps: harnessMode ? nil : observer.steps)
        leaveStorage()
        return outcome
    }

    /// Leaves the working arrays to the thread's next clock: this one is done with.
    private mutating func leaveStorage() {
        let kept = ClockStorage.ofThisThread
        exchangeStorage(&kept.storage)
        kept.storage.empty()
    }

    /// Trades the working arrays with `storage`.
    private mutating func exchangeStorage(_ storage: inout ClockStorage) {
        queue.swapStorage(&storage.queue)
        swap(&hotRank, &storage.ranks)
        swap(&open, &storage.open)
        swap(&awaitingTurn, &storage.awaitingTurn)
    }
}

/// The main observer's script as a model sees it (`Scenario.disposeInsideAfter`,
/// `Scenario.feedback`): set by the output as events are emitted, carried out by the clock.
///
/// Its state is read and written one short access at a time, so its exclusivity is not checked
/// at run time (the checks were most of the cost of emitting an event).
final class ObserverScript {
    let disposeAfter: Int?
    let feedback: Scenario.Feedback?
    @exclusivity(unchecked) var received = 0
    /// The observer has disposed; the clock stops at the end of the current action.
    @exclusivity(unchecked) var disposeRequested = false
    /// The clock has stopped: the subscription is over.
    @exclusivity(unchecked) var isStopped = false
    /// A value is to be fed back before the next arrival.
    @exclusivity(unchecked) var feedbackDue = false
    /// The predicted operations: the clock's subscribes and disposes, the output's events.
    @exclusivity(unchecked) var steps: [RunStep] = []

    init(disposeAfter: Int?, feedback: Scenario.Feedback?) {
        self.disposeAfter = disposeAfter
        self.feedback = feedback
    }

    /// The observer receives the output's event number `index` (a terminal when `terminal`):
    /// false when it has disposed and the event is dropped.
    func play(emitting terminal: Bool, index: Int) -> Bool {
        if disposeRequested { return false }
        steps.append(.emit(index))
        received += 1
        guard !terminal else { return true }
        if received == feedback?.after { feedbackDue = true }
        if received == disposeAfter { disposeRequested = true }
        return true
    }
}

/// Collects a model's output, stamping each event with the clock's tick and refusing anything
/// after a terminal event. Made by `ModelClock.output`, it plays the main observer's script.
public struct ModelOutput<Element> {
    /// The predicted output so far.
    public private(set) var events: [Recorded<Event<Element>>] = []
    /// Held for as long as the output lives; called through `unretainedScript`, since binding
    /// the optional to a name is a retain and a release at every event.
    private let script: ObserverScript?
    private let unretainedScript: Unmanaged<ObserverScript>?
    /// A terminal was emitted (recorded, or dropped because the observer had disposed).
    private var hasTerminal = false

    /// An output with no observer script (every event is recorded until a terminal).
    public init() {
        script = nil
        unretainedScript = nil
    }

    /// Room for an output of a scenario of `events` events (`outputReserved`).
    init(script: ObserverScript, expecting events: Int) {
        self.script = script
        unretainedScript = .passUnretained(script)
        self.events.reserveCapacity(outputReserved(forEvents: events, of: Element.self))
    }

    /// True once a terminal event was emitted, or once the observer's dispose took effect.
    public var isTerminated: Bool { hasTerminal || (unretainedScript?._withUnsafeGuaranteedRef { $0.isStopped } ?? false) }

    /// Emits `event` at `tick`. After the observer disposed, the event is dropped — the operator
    /// may still deliver inside the subscribe call, but nobody records it — though a terminal
    /// still ends the operator.
    public mutating func emit(_ event: Event<Element>, at tick: Int) {
        precondition(!isTerminated, "a model emitted after its terminal event")
        if event.isStopEvent { hasTerminal = true }
        guard let unretainedScript else { return events.append(Recorded(time: tick, value: event)) }
        let recorded = unretainedScript._withUnsafeGuaranteedRef { script in
            script.play(emitting: event.isStopEvent, index: events.count)
        }
        if recorded { events.append(Recorded(time: tick, value: event)) }
    }
}
