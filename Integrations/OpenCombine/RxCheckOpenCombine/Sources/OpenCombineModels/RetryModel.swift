import RxCore
import RxModels
import RxTestKit

/// `retry(_ retries:)`: "Attempts to recreate a failed subscription with the upstream publisher
/// up to the number of times you specify" — `retries + 1` subscriptions in all, each at the tick
/// the one before failed; the last failure is passed on.
public enum RetryModel {
    public static func outcome(_ scenario: Scenario, retries: Int) -> Outcome<Int> {
        RxModels.RetryModel.outcome(scenario, maxAttempts: retries + 1)
    }
}
