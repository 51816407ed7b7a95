import RxCore
import RxModels
import RxTestKit

/// `drop(while:)`: "Omits elements from the upstream publisher until a given closure returns
/// false, before republishing all remaining elements."
public enum DropWhileModel {
    public static func outcome(_ scenario: Scenario, predicate: (Int) -> Bool) -> Outcome<Int> {
        RxModels.SkipWhileModel.outcome(scenario, predicate: predicate)
    }
}
