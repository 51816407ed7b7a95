import RxCore
import RxModels
import RxTestKit

/// `first()`: "Publishes the first element of a stream, then finishes." An empty stream finishes
/// without an element; a failure before the first element is passed on.
public enum FirstModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.TakeModel.outcome(scenario, count: 1)
    }
}
