import RxCore
import RxTestKit

/// take(n) (SEMANTICS §5): the first n elements, the n-th with `completed` at its tick;
/// `take(0)` completes at S without subscribing.
public enum TakeModel {
    public static func outcome(_ scenario: Scenario, count: Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        guard count > 0 else {
            output.emit(.completed, at: clock.tick)
            return clock.finish(output.events)
        }
        clock.subscribe(.source(0))
        var taken = 0
        while !output.isTerminated, let arrival = clock.next() {
            switch arrival.value {
            case .next(let value):
                output.emit(.next(value), at: arrival.tick)
                taken += 1
                if taken == count { output.emit(.completed, at: arrival.tick) }
            case .error: output.forwardTerminal(arrival)
            case .completed: output.emit(.completed, at: arrival.tick)
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }
}
