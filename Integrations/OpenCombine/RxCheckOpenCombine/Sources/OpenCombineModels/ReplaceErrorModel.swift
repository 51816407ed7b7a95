import RxCore
import RxModels
import RxTestKit

/// `replaceError(with:)`: "Replaces any errors in the stream with the provided element": the
/// element, then `.finished`, at the failure's tick.
public enum ReplaceErrorModel {
    public static func outcome(_ scenario: Scenario, with element: Int) -> Outcome<Int> {
        RxModels.CatchModel.outcome(scenario, returning: element)
    }
}
