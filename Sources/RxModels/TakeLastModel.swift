import RxCore
import RxTestKit

/// takeLast(n) (SEMANTICS §5): at completion, the last n elements oldest first, then
/// `completed`, all at that tick; an error discards them.
public enum TakeLastModel {
    public static func outcome(_ scenario: Scenario, count: Int) -> Outcome<Int> {
        var kept: [Int] = []
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value): kept = Array((kept + [value]).suffix(count))
            case .completed:
                for value in kept { output.emit(.next(value), at: arrival.tick) }
                output.emit(.completed, at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }
}
