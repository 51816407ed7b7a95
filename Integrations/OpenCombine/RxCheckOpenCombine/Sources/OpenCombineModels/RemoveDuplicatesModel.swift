import RxCore
import RxModels
import RxTestKit

/// `removeDuplicates()`: "Publishes only elements that don't match the previous element." The
/// comparison is with the previous *published* element (a run of equal elements publishes once).
public enum RemoveDuplicatesModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.DistinctUntilChangedModel.outcome(scenario)
    }
}
