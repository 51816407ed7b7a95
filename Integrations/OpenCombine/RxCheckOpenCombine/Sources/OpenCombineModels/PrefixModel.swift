import RxCore
import RxModels
import RxTestKit

/// `prefix(_ maxLength:)`: "Republishes elements up to the specified maximum count." The
/// `maxLength`-th element is followed at once by `.finished` and the upstream is cancelled;
/// `prefix(0)` finishes at subscription without subscribing upstream.
public enum PrefixModel {
    public static func outcome(_ scenario: Scenario, maxLength: Int) -> Outcome<Int> {
        RxModels.TakeModel.outcome(scenario, count: maxLength)
    }
}
