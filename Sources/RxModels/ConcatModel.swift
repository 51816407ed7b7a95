import RxCore
import RxTestKit

/// concat of sources (SEMANTICS §3): one at a time, the next subscribed at the tick the
/// current completes, once the current is released (1.4); an error ends it and later sources
/// are never subscribed.
public enum ConcatModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        clock.predictsReleases = true
        var output = clock.output(Int.self)
        var index = 0
        var current = -1
        if scenario.sources.isEmpty {
            output.emit(.completed, at: clock.tick)
        } else {
            current = clock.subscribe(.source(0))
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
                    current = clock.moveOn(from: current, to: .source(index))
                }
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }
}
