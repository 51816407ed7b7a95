import RxCore
import RxTestKit

/// element(at:) (SEMANTICS §5): the i-th element and `completed` at its tick;
/// `argumentOutOfRange` if the source completes first.
public enum ElementAtModel {
    public static func outcome(_ scenario: Scenario, index: Int) -> Outcome<Int> {
        var seen = 0
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value):
                if seen == index {
                    output.emit(.next(value), at: arrival.tick)
                    output.emit(.completed, at: arrival.tick)
                }
                seen += 1
            case .completed: output.emit(.error(RxError.argumentOutOfRange), at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }
}
