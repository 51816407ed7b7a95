import RxCore
import RxModels
import RxTestKit

/// `scan(_:_:)`: each element combined with the last value the closure returned, starting from
/// the initial result, which is never published itself.
public enum ScanModel {
    public static func outcome(_ scenario: Scenario, initialResult: Int, nextPartialResult: (Int, Int) -> Int) -> Outcome<Int> {
        RxModels.ScanModel.outcome(scenario, seed: initialResult, accumulator: nextPartialResult)
    }
}
