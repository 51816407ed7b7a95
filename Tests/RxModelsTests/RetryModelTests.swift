import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct RetryModelTests {
    @Test func coldSourceRestartsEachAttempt_oneLogEntryPerAttempt() {
        let outcome = RetryModel.outcome(scenario([cold([next(10, 1), error(20, testError)])], disposed: 265), maxAttempts: nil)
        #expect(outcome.events == [next(210, 1), next(230, 1), next(250, 1)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220), Subscription(220, 240), Subscription(240, 260),
                                        Subscription(260, 265)]])
    }

    @Test func count_countsSubscriptionsInAll_lastErrorForwarded() {
        let outcome = RetryModel.outcome(scenario([cold([next(10, 1), error(20, testError)])]), maxAttempts: 2)
        #expect(outcome.events == [next(210, 1), next(230, 1), error(240, testError)])
        #expect(outcome.sourceLogs[0].count == 2)
    }

    @Test func countZero_completesWithoutSubscribing() {
        let outcome = RetryModel.outcome(scenario([cold([error(20, testError)])]), maxAttempts: 0)
        #expect(outcome.events == [completed(200)])
        #expect(outcome.sourceLogs == [[]])
    }

    @Test func hotSourceContinues() {
        let outcome = RetryModel.outcome(scenario([hot([next(210, 1), error(220, testError), next(230, 2)])]), maxAttempts: nil)
        #expect(outcome.events == [next(210, 1), next(230, 2)])
    }
}
