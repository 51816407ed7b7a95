import RxCore
import RxModels
import RxTestKit

/// `filter(_:)`: "Republishes all elements that match a provided closure." Terminals passed on.
public enum FilterModel {
    public static func outcome(_ scenario: Scenario, isIncluded: (Int) -> Bool) -> Outcome<Int> {
        RxModels.FilterModel.outcome(scenario, predicate: isIncluded)
    }
}
