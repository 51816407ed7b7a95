import RxCore
import RxTestKit

/// reduce (SEMANTICS §4): accumulate silently; at completion emit the result and complete at
/// that tick; an error is forwarded alone. An empty source emits the seed.
public enum ReduceModel {
    public static func outcome(_ scenario: Scenario, seed: Int, accumulator: (Int, Int) -> Int) -> Outcome<Int> {
        var accumulated = seed
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value): accumulated = accumulator(accumulated, value)
            case .completed:
                output.emit(.next(accumulated), at: arrival.tick)
                output.emit(.completed, at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }
}
