import RxCore
import RxModels
import RxTestKit

/// `flatMap(maxPublishers: .unlimited)`: every element subscribes its inner publisher; the
/// output finishes when the upstream and every inner have finished, and fails with the first
/// failure, cancelling the rest.
public enum FlatMapModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.FlatMapModel.outcome(scenario)
    }
}
