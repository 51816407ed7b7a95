import RxCore
import RxModels
import RxTestKit

/// `catch(_:)`: "Handles errors from an upstream publisher by replacing it with another
/// publisher" — sources[1] here, subscribed at the failure's tick.
public enum CatchModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.CatchModel.outcome(scenario)
    }
}
