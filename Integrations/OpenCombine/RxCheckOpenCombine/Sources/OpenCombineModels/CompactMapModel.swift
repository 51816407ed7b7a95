import RxCore
import RxModels
import RxTestKit

/// `compactMap(_:)`: "Calls a closure with each received element and publishes any returned
/// optional that has a value."
public enum CompactMapModel {
    public static func outcome(_ scenario: Scenario, transform: (Int) -> Int?) -> Outcome<Int> {
        RxModels.CompactMapModel.outcome(scenario, transform: transform)
    }
}
