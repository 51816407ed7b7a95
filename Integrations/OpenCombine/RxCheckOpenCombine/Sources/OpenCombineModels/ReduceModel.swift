import RxCore
import RxModels
import RxTestKit

/// `reduce(_:_:)`: the accumulated result, published with `.finished` when the upstream
/// finishes (the initial result for an empty stream); a failure is passed on alone.
public enum ReduceModel {
    public static func outcome(_ scenario: Scenario, initialResult: Int, nextPartialResult: (Int, Int) -> Int) -> Outcome<Int> {
        RxModels.ReduceModel.outcome(scenario, seed: initialResult, accumulator: nextPartialResult)
    }
}
