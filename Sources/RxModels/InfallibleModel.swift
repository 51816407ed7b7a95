import RxCore
import RxTestKit

/// asInfallible(onErrorJustReturn:) is catchAndReturn under another type: elements and
/// completion mirrored; an error becomes `element` and completion at its tick.
public enum InfallibleModel {
    public static func outcome(_ scenario: Scenario, onErrorJustReturn element: Int) -> Outcome<Int> {
        CatchModel.outcome(scenario, returning: element)
    }
}
