import RxCore
import RxModels
import RxTestKit

/// `allSatisfy(_:)`: "Publishes a single Boolean value that indicates whether all received
/// elements pass a given predicate": `false` (0) and `.finished` at the first element that fails
/// it, cancelling the upstream; `true` (1) when the upstream finishes; a failure is passed on.
public enum AllSatisfyModel {
    public static func outcome(_ scenario: Scenario, predicate: @escaping (Int) -> Bool) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return clock.drive(&output) { arrival, _, output in
            switch arrival.value {
            case .next(let value):
                if !predicate(value) {
                    output.emit(.next(0), at: arrival.tick)
                    output.emit(.completed, at: arrival.tick)
                }
            case .completed:
                output.emit(.next(1), at: arrival.tick)
                output.emit(.completed, at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }
}
