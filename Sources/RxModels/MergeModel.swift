import RxCore
import RxTestKit

/// merge (SEMANTICS §3).
public enum MergeModel {
    /// Static merge: sources subscribed in order at S; elements forwarded; the first error ends
    /// it; it completes when every source has (an empty list completes at S). A source that
    /// fails inside its subscribe call ends the output before the next is subscribed, and those
    /// after it are never subscribed (RxSwift's disposed group refuses them).
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let count = scenario.sources.count
        var done = 0
        func handle(_ arrival: Arrival) {
            switch arrival.value {
            case .next(let value): output.emit(.next(value), at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            case .completed:
                done += 1
                if done == count { output.emit(.completed, at: arrival.tick) }
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        for index in 0..<count where !output.isTerminated {
            clock.subscribe(.source(index))
            while !output.isTerminated, let arrival = clock.nextSynchronous() { handle(arrival) }
        }
        if count == 0 { output.emit(.completed, at: clock.tick) }
        while !output.isTerminated, let arrival = clock.next() { handle(arrival) }
        return clock.finish(output.events)
    }

    /// `merge(maxConcurrent:)` on sources[0] as the outer sequence, whose element k stands for
    /// `inners[k % inners.count]` (`map` first when given). Inners beyond the limit wait in a
    /// queue unsubscribed; the oldest starts when an active one completes. nil = no limit
    /// (`merge()`, `flatMap`); 1 = `concat()`, `concatMap`.
    public static func outcome(_ scenario: Scenario, maxConcurrent: Int?, map: (Int) -> Int = { $0 }) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let outer = clock.subscribe(.source(0))
        var active: [Int] = []
        // Outer elements waiting for a free slot, oldest at `waitingHead` (taken by moving the
        // head: removing the first of thousands each time would copy the rest).
        var queue: [Int] = []
        var waitingHead = 0
        var outerDone = false
        func inner(_ value: Int) -> TimelineID { .inner(map(value) % max(1, scenario.inners.count)) }
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.timer, _), (.harness, _): return   // this model arms no timers and has one subscriber
            case (.source, .next(let value)):
                if let maxConcurrent, active.count >= maxConcurrent {
                    if waitingHead == queue.count { queue.removeAll(keepingCapacity: true); waitingHead = 0 }
                    queue.append(value)
                } else {
                    active.append(clock.subscribe(inner(value)))
                }
            case (.source, .completed):
                outerDone = true
                clock.unsubscribe(outer)
            case (.inner, .next(let value)):
                output.emit(.next(value), at: arrival.tick)
            case (.inner, .completed):
                active.removeAll { $0 == arrival.subscription }
                if waitingHead < queue.count {
                    waitingHead += 1
                    active.append(clock.subscribe(inner(queue[waitingHead - 1])))
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
