import RxCore
import RxTestKit

/// toArray (SEMANTICS §4): every element as one array, with `completed`, at the completion
/// tick (`[]` when empty); an error discards them.
public enum ToArrayModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<[Int]> {
        var collected: [Int] = []
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value): collected.append(value)
            case .completed:
                output.emit(.next(collected), at: arrival.tick)
                output.emit(.completed, at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }
}
