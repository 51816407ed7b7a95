import RxCore
import RxModels
import RxTestKit

/// `prefix(_ maxLength:)`: "Republishes elements up to the specified maximum count", and — as
/// `output(in: 0..<maxLength)` — "after all elements are published, the publisher finishes
/// normally": the `maxLength`-th element is followed at once by `.finished`, and the upstream is
/// cancelled. (`prefix(0)` is not drawn: what it does before any element arrives is not documented.)
public enum PrefixModel {
    public static func outcome(_ scenario: Scenario, maxLength: Int) -> Outcome<Int> {
        RxModels.TakeModel.outcome(scenario, count: maxLength)
    }
}
