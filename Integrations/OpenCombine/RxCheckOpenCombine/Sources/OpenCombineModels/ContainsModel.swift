import RxCore
import RxModels
import RxTestKit

/// `contains(_:)`: "Publishes a Boolean value upon receiving an element equal to the argument":
/// `true` (1) and `.finished` at the first match, cancelling the upstream; `false` (0) when the
/// upstream finishes without one; a failure is passed on.
public enum ContainsModel {
    public static func outcome(_ scenario: Scenario, element: Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return clock.drive(&output) { arrival, _, output in
            switch arrival.value {
            case .next(let value):
                if value == element {
                    output.emit(.next(1), at: arrival.tick)
                    output.emit(.completed, at: arrival.tick)
                }
            case .completed:
                output.emit(.next(0), at: arrival.tick)
                output.emit(.completed, at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }
}
