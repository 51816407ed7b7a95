import RxCore
import RxModels
import RxTestKit

/// `dropFirst(_ count:)`: "Omits the specified number of elements before republishing
/// subsequent elements." Terminals passed on.
public enum DropFirstModel {
    public static func outcome(_ scenario: Scenario, count: Int) -> Outcome<Int> {
        RxModels.SkipModel.outcome(scenario, count: count)
    }
}
