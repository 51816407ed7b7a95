import RxCore
import RxModels
import RxTestKit

/// `measureInterval(using:)`: "Measures and emits the time interval between events received from
/// an upstream publisher" — each element becomes the ticks since the element before it, the first
/// since the subscription (OpenCombine's `testBasicBehavior`, which also runs against Apple's
/// Combine); the completion passes on.
public enum MeasureIntervalModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        var last = clock.tick
        clock.subscribe(.source(0))
        return clock.drive(&output) { arrival, _, output in
            switch arrival.value {
            case .next:
                output.emit(.next(arrival.tick - last), at: arrival.tick)
                last = arrival.tick
            case .completed, .error:
                output.forwardTerminal(arrival)
            }
        }
    }
}
