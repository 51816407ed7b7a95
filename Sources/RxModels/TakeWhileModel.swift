import RxCore
import RxTestKit

/// take(until: predicate) / take(while:) (SEMANTICS §5): elements pass until the condition
/// fires on one; then `completed` at its tick — after emitting it when inclusive.
public enum TakeWhileModel {
    public static func outcome(_ scenario: Scenario, until condition: (Int) -> Bool, inclusive: Bool) -> Outcome<Int> {
        SingleSource.run(scenario) { arrival, output in
            guard case .next(let value) = arrival.value else { return output.forwardTerminal(arrival) }
            if condition(value) {
                if inclusive { output.emit(.next(value), at: arrival.tick) }
                output.emit(.completed, at: arrival.tick)
            } else {
                output.emit(.next(value), at: arrival.tick)
            }
        }
    }
}
