import RxCore
import RxModels
import RxTestKit

/// `flatMap(maxPublishers: .unlimited)`: every element subscribes its inner publisher; inner
/// elements are published as they come. The output finishes when the upstream and every inner have
/// finished. The upstream's failure fails it and cancels every inner. An inner's failure fails it
/// and cancels the other inners but not the upstream, which stays subscribed — as OpenCombine's
/// `testAllSubscriptionsReleasedOnChildFailure` asserts (a test that also runs against Apple's
/// Combine): the upstream's log stays open.
public enum FlatMapModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        FlatMapMaxPublishersModel.outcome(scenario, maxPublishers: nil)
    }
}
