import RxCore
import RxModels
import RxTestKit

/// `timeout(_:scheduler:)`: "Terminates publishing if the upstream publisher exceeds the
/// specified time interval without producing an element." The interval runs from the
/// subscription and restarts at every element; when it elapses the output finishes (no custom
/// error) and the upstream is cancelled, and the timer with it. The upstream's elements and
/// completion are passed on at their ticks through a hop on the scheduler.
public enum TimeoutModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        var timer = clock.schedule(after: dueTicks)
        clock.subscribe(.source(0))
        return clock.drive(&output) { arrival, clock, output in
            switch arrival.kind {
            case .harness: break
            case .timer: if arrival.subscription == timer { output.emit(.completed, at: arrival.tick) }
            case .event(.next(let value)):
                output.emit(.next(value), at: arrival.tick)
                clock.cancel(timer)
                timer = clock.schedule(after: dueTicks)
            case .event:
                clock.cancel(timer)
                output.forwardTerminal(arrival)
            }
        }.hoppingThroughScheduler(scenario)
    }
}
