import RxCore
import RxModels
import RxTestKit

/// `ignoreOutput()`: "Ignores all upstream elements, but passes along the upstream publisher's
/// completion state (finished or failed)."
public enum IgnoreOutputModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.IgnoreElementsModel.outcome(scenario)
    }
}
