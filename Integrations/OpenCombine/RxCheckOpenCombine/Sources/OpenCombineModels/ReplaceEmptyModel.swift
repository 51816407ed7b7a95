import RxCore
import RxModels
import RxTestKit

/// `replaceEmpty(with:)`: "Replaces an empty stream with the provided element": when the upstream
/// finishes without an element, the element then `.finished`; otherwise everything passes.
public enum ReplaceEmptyModel {
    public static func outcome(_ scenario: Scenario, with element: Int) -> Outcome<Int> {
        RxModels.IfEmptyModel.outcome(scenario, default: element)
    }
}
