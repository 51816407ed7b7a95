// What a model asks of its clock: subscribe a timeline (at once, in turn, or to be disposed
// inside subscribe), schedule and cancel timers, and unsubscribe, with the synchronous subscribe
// calls still open that a dispose must settle first.

import RxCore
import RxTestKit

extension ModelClock {
    /// Subscribes `timeline` now; returns the subscription's id. A hot source delivers only the
    /// events queued after this moment; a cold source replays from now.
    @discardableResult
    public mutating func subscribe(_ timeline: TimelineID) -> Int {
        let id = newID()
        subscribe(timeline, as: id)
        return id
    }

    /// A fresh subscription (or timer) id, not yet open.
    mutating func newID() -> Int {
        let id = nextSubscription
        nextSubscription += 1
        open.append(nil)
        return id
    }

    mutating func subscribe(_ timeline: TimelineID, as id: Int) {
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
                callsInProgress.append((id, name, last.depth, last.index - script.events.count + 1, last.index, disposed: false, ended: false))
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
                callsInProgress.append((id, name, last.depth, last.index, last.index, disposed: false, ended: false))
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

    /// Moves on from subscription `finished` to `timeline`, as an operator that goes through its
    /// sources in a loop does (concat, catch(sequence:), retry: RxSwift's tail-recursive sink):
    /// `finished` is released (or disposed) first, and `timeline` subscribed once the
    /// synchronous subscribe calls in progress have returned — a dispose or release waiting for
    /// them comes before it. Returns the new subscription's id.
    public mutating func moveOn(from finished: Int, to timeline: TimelineID) -> Int {
        unsubscribe(finished)
        settleCalls(before: nil)
        return subscribe(timeline)
    }

    /// The subscribe calls in progress return now — for an operator that acts only once its own
    /// loop of subscribe calls is over (merge completes after it): the releases and disposes
    /// waiting for them are logged first.
    public mutating func returnFromSubscribeCalls() {
        settleCalls(before: nil)
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
    mutating func subscribeInTurn<Timelines: Collection<TimelineID>>(_ timelines: Timelines) -> Range<Int> {
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

    mutating func subscribeAndDispose(_ timeline: TimelineID, as id: Int) {
        // One that ends itself inside the call (a behavior source's log closes there) sees no
        // dispose, only a release.
        subscribeForNobody(timeline, as: id)
        unsubscribe(id)
    }

    /// For an operator that releases nothing before its subscribe call returns (RxSwift's merge
    /// family, whose sink disposer holds the group until then), when its output ended inside
    /// that call: subscribes the sources still awaiting their turn, each with nobody listening.
    /// Release them, with everything else, by `unsubscribeAll()` afterwards — except, with
    /// `releasingCompletions`, one that completes inside its call: the operator still hears that
    /// completion and releases it as the call returns (static merge removes it from its group).
    public mutating func subscribeRemainingTurnsForNobody(releasingCompletions: Bool = false) {
        while !awaitingTurn.isEmpty {
            let turn = awaitingTurn.removeFirst()
            let terminal = subscribeForNobody(turn.timeline, as: turn.id)
            if releasingCompletions, case .completed? = terminal { unsubscribe(turn.id) }
        }
    }

    /// Subscribes `timeline` with nobody listening: what it delivers inside the subscribe call is
    /// dropped, and a terminal among it ends the subscription there — that terminal is returned;
    /// otherwise it stays open, and nil is returned.
    @discardableResult
    public mutating func subscribeForNobody(_ timeline: TimelineID) -> TimelineValue? {
        subscribeForNobody(timeline, as: newID())
    }

    @discardableResult
    mutating func subscribeForNobody(_ timeline: TimelineID, as id: Int) -> TimelineValue? {
        subscribe(timeline, as: id)
        guard let call = callsInProgress.firstIndex(where: { $0.id == id }) else { return nil }
        let entry = callsInProgress.remove(at: call)
        let terminal = queue.pendingTerminal(of: id, depth: entry.depth, first: entry.first, last: entry.last)
        removePending(of: id)
        guard let terminal else { return nil }
        if let open = open[id] {
            close(open, at: now.tick)
            ended(id, open.timeline)
        }
        open[id] = nil
        return terminal
    }

    /// Subscribes the next source awaiting its turn, under the id it was promised; true when
    /// there was one.
    mutating func takeTurn() -> Bool {
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

    /// True while the clock is inside the harness's subscribe call — processing that action or
    /// what is delivered synchronously inside it — where RxSwift's current-thread trampoline is
    /// open.
    public var isInsideSubscribeCall: Bool { now.phase == 1 && now.order % 2 == 1 }

    /// For a clock shared by subscribers: the subscriber whose subscribe call the clock is
    /// inside (0 the main one, k `extraSubscribers[k - 1]`), or nil.
    public var subscriberInsideSubscribeCall: Int? { isInsideSubscribeCall ? (now.order - 1) / 2 : nil }

    /// Subscribes `timeline` on RxSwift's current-thread trampoline: inside the harness's
    /// subscribe call, once everything that call delivers synchronously (and every turn of
    /// `subscribe(inTurn:)`) is done, after those scheduled before it; inside the subscribe call
    /// of a source subscribed on the trampoline (which runs it), once that call returned;
    /// elsewhere at once. Returns its id; unsubscribed before then, it is never subscribed.
    @discardableResult
    public mutating func subscribeOnTrampoline(_ timeline: TimelineID) -> Int {
        if !isInsideSubscribeCall {
            trampolineCalls.removeAll { id in !callsInProgress.contains { $0.id == id } }
            if trampolineCalls.isEmpty {
                let id = subscribe(timeline)
                if callsInProgress.contains(where: { $0.id == id }) { trampolineCalls.append(id) }
                return id
            }
        }
        let id = newID()
        trampolined.append((id, timeline))
        return id
    }

    /// Subscribes the oldest trampolined subscription, under the id it was promised; true when
    /// there was one.
    mutating func takeTrampolined() -> Bool {
        guard !trampolined.isEmpty else { return false }
        settleCalls(before: nil)   // everything delivered synchronously before it has returned
        let next = trampolined.removeFirst()
        subscribe(next.timeline, as: next.id)
        if !isInsideSubscribeCall && callsInProgress.contains(where: { $0.id == next.id }) { trampolineCalls.append(next.id) }
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

    mutating func insertSynchronous(_ arrival: Arrival) {
        queue.pushSynchronous(arrival)
    }

    /// Cancels a timer that has not fired.
    public mutating func cancel(_ timer: Int) { removePending(of: timer) }

    mutating func insert(_ arrival: Arrival) {
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
        if !trampolined.isEmpty, let waiting = trampolined.firstIndex(where: { $0.id == id }) {
            trampolined.remove(at: waiting)
            return
        }
        guard let entry = open[id] else { return release(id) }
        open[id] = nil
        close(entry, at: now.tick)
        if let name = entry.timeline.sourceName {
            if let call = callsInProgress.firstIndex(where: { $0.id == id }) {
                // Still inside its subscribe call: the dispose reaches it when the call returns,
                // unless it delivers its terminal first — then it is a release.
                let entry = callsInProgress[call]
                if queue.hasPendingTerminal(of: id, depth: entry.depth, first: entry.first, last: entry.last) {
                    if predictsReleases {
                        callsInProgress[call].disposed = true
                        callsInProgress[call].ended = true
                    } else {
                        callsInProgress.remove(at: call)
                    }
                } else {
                    callsInProgress[call].disposed = true
                }
            } else {
                observer.steps.append(.dispose(name))
            }
        }
        removePending(of: id)
    }

    /// Ends the subscribe calls that have returned before the delivery at `position` (every
    /// call, for nil), innermost first; a call disposed meanwhile logs its dispose now.
    mutating func settleCalls(before position: (depth: Int, index: Int)?) {
        guard !callsInProgress.isEmpty else { return }
        // A call has returned once the delivery at `position` lies outside it: in a shallower
        // batch, or past its last event in its own.
        func hasReturned(_ depth: Int, _ last: Int) -> Bool {
            guard let position else { return true }
            return depth > position.depth || (depth == position.depth && last < position.index)
        }
        // The common case, cheaply: every call still in progress.
        guard callsInProgress.contains(where: { hasReturned($0.depth, $0.last) }) else { return }
        var returned: [(id: Int, depth: Int, last: Int, name: SourceName, disposed: Bool, ended: Bool)] = []
        callsInProgress.removeAll { call in
            let done = hasReturned(call.depth, call.last)
            if done { returned.append((call.id, call.depth, call.last, call.name, call.disposed, call.ended)) }
            return done
        }
        for call in returned.sorted(by: { ($0.depth, $0.last) > ($1.depth, $1.last) }) where call.disposed {
            observer.steps.append(call.ended ? .release(call.name) : .dispose(call.name))
            if let entry = open[call.id] {   // disposed with its delivery going on: it ends now
                open[call.id] = nil
                close(entry, at: now.tick)
                removePending(of: call.id)
            }
        }
    }

    mutating func removePending(of id: Int) {
        queue.remove(subscription: id)
    }

    /// Notes that subscription `id` of `timeline` was ended by its source's terminal: for a
    /// model that predicts releases, the operator's first dispose of it is one.
    mutating func ended(_ id: Int, _ timeline: TimelineID) {
        guard predictsReleases, let name = timeline.sourceName else { return }
        unreleased.append((id, name))
    }

    /// Releases subscription `id` if its source ended it and it was not released yet: the step
    /// is logged now, or — inside a subscribe call still in progress — when that call returns.
    mutating func release(_ id: Int) {
        guard !unreleased.isEmpty, let index = unreleased.firstIndex(where: { $0.id == id }) else { return }
        let name = unreleased.remove(at: index).name
        if let call = callsInProgress.firstIndex(where: { $0.id == id }) {
            callsInProgress[call].disposed = true
        } else {
            observer.steps.append(.release(name))
        }
    }

    /// Ends every open subscription at the current tick, and releases every ended one: the
    /// output has terminated.
    public mutating func unsubscribeAll() {
        for turn in awaitingTurn.indices { awaitingTurn[turn].disposed = true }
        if !trampolined.isEmpty { trampolined.removeAll() }
        for id in open.indices where open[id] != nil { unsubscribe(id) }
        while let first = unreleased.first { release(first.id) }
    }

    /// True while subscription `id` is open.
    public func isSubscribed(_ id: Int) -> Bool { id < open.count && open[id] != nil }

    mutating func close(_ entry: (timeline: TimelineID, log: Int), at tick: Int) {
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
}
