import RxCore
import RxTestKit

/// concat of sources (SEMANTICS §3): one at a time, the next subscribed at the tick the
/// current completes; an error ends it and later sources are never subscribed.
public enum ConcatModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        var index = 0
        if scenario.sources.isEmpty {
            output.emit(.completed, at: clock.tick)
        } else {
            clock.subscribe(.source(0))
        }
        while !output.isTerminated, let arrival = clock.next() {
            switch arrival.value {
            case .next(let value): output.emit(.next(value), at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            case .completed:
                index += 1
                if index == scenario.sources.count {
                    output.emit(.completed, at: arrival.tick)
                } else {
                    clock.subscribe(.source(index))
                }
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }
}
