import RxCore
import RxTestKit

/// merge (SEMANTICS §3, 12.1).
public enum MergeModel {
    /// Static merge: sources subscribed in order at S; elements forwarded; the first error ends
    /// it; it completes when every source has (an empty list completes at S). A source that
    /// fails inside its subscribe call ends the output, and the sources after it are still
    /// subscribed in turn and released at once (RxSwift: `(S, S)`).
    ///
    /// Each source is released as it completes (a synchronous one as its call returns); the
    /// output completes after the subscribe loop, so after the last of those releases (1.4).
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let count = scenario.sources.count
        if count == 0 {
            output.emit(.completed, at: clock.tick)
            return clock.finish(output.events)
        }
        clock.predictsReleases = true
        _ = clock.subscribe(sourcesInTurn: 0..<count)
        var done = 0
        let ending: (inout ModelClock) -> Void = { clock in
            clock.subscribeRemainingTurnsForNobody(releasingCompletions: true)
            clock.unsubscribeAll()
        }
        return clock.drive(&output, ending: ending) { arrival, clock, output in
            switch arrival.value {
            case .next(let value): output.emit(.next(value), at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            case .completed:
                done += 1
                // Each source is released as it completes; inside the subscribe loop, once its
                // call returned — and the output completes only after the loop.
                clock.unsubscribe(arrival.subscription)
                guard done == count else { return }
                if clock.isInsideSubscribeCall { clock.returnFromSubscribeCalls() }
                output.emit(.completed, at: arrival.tick)
            }
        }
    }

    /// `merge(maxConcurrent:)` on sources[0] as the outer sequence, whose element k stands for
    /// `inners[k % inners.count]` (`map` first when given). Inners beyond the limit wait in a
    /// queue unsubscribed; the oldest starts, in the slot of an active one that completes,
    /// through the trampoline (inside the subscribe call, once its own work is done). nil = no
    /// limit (`merge()`, `flatMap`); 1 = `concat()`, `concatMap`.
    ///
    /// When the output ends inside the subscribe call, each element a synchronous outer still
    /// delivers there takes a slot if one is free and has its inner subscribed and released at
    /// once, or else waits in the queue for good (RxSwift: nothing is released before the call
    /// returns, and a failed inner keeps its slot).
    ///
    /// An inner that completes is released at once, before a queued one takes its slot; the
    /// outer, when it completes, before the output completes (1.4).
    public static func outcome(_ scenario: Scenario, maxConcurrent: Int?, map: (Int) -> Int = { $0 }) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        clock.predictsReleases = true
        var output = clock.output(Int.self)
        let outer = clock.subscribe(.source(0))
        let limit = maxConcurrent ?? Int.max
        // Subscribed inners, and queued ones whose start is on the trampoline.
        var active: [Int] = []
        // Outer elements waiting for a free slot, oldest at `waitingHead` (taken by moving the
        // head: removing the first of thousands each time would copy the rest).
        var queue: [Int] = []
        var waitingHead = 0
        var outerDone = false
        func inner(_ value: Int) -> Int { map(value) % max(1, scenario.inners.count) }
        let ending: (inout ModelClock) -> Void = { clock in
            let rest = clock.takePendingSynchronous(of: outer)
            var slots = active.count
            var queued = queue.count - waitingHead
            for case .next(let value) in rest {
                guard slots < limit else { queued += 1; continue }
                slots += 1
                let id = clock.newID()
                if case .completed? = clock.subscribeForNobody(.inner(inner(value)), as: id) {
                    // It completed inside its call: it is released, and its slot goes to a
                    // queued inner, whose start is refused, or is free again.
                    clock.unsubscribe(id)
                    if queued > 0 { queued -= 1 } else { slots -= 1 }
                }
            }
            clock.unsubscribeAll()
        }
        return clock.drive(&output, ending: ending) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.timer, _), (.harness, _): return   // this model arms no timers and has one subscriber
            case (.source, .next(let value)):
                if active.count >= limit {
                    if waitingHead == queue.count { queue.removeAll(keepingCapacity: true); waitingHead = 0 }
                    queue.append(value)
                } else {
                    active.append(clock.subscribe(.inner(inner(value))))
                }
            case (.source, .completed):
                outerDone = true
                clock.unsubscribe(outer)
            case (.inner, .next(let value)):
                output.emit(.next(value), at: arrival.tick)
            case (.inner, .completed):
                active.removeAll { $0 == arrival.subscription }
                clock.unsubscribe(arrival.subscription)
                if waitingHead < queue.count {
                    waitingHead += 1
                    active.append(clock.subscribeOnTrampoline(.inner(inner(queue[waitingHead - 1]))))
                }
            case (_, .error):
                output.forwardTerminal(arrival)
            }
            if !output.isTerminated && outerDone && active.isEmpty && waitingHead == queue.count {
                output.emit(.completed, at: arrival.tick)
            }
        }
    }
}
