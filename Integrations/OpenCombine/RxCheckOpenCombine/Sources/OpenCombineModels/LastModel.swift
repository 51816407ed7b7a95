import RxCore
import RxModels
import RxTestKit

/// `last()`: "Publishes the last element of a stream, after the stream finishes." Nothing when
/// empty; a failure discards the element held.
public enum LastModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.TakeLastModel.outcome(scenario, count: 1)
    }
}
