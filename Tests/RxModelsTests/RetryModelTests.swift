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

    // retry(when:) whose handler is its own sequence (sources[1]); RxSwift's testRetryWhen_* timelines.

    @Test func when_handlerCompletesDuringTheAttempt_theAttemptFinishes() {
        // testRetryWhen_Never: notifier done@210, source done@250.
        let outcome = RetryModel.outcome(handlerIsSecondSource: scenario([hot([completed(250)]), hot([completed(210)])], disposed: 300))
        #expect(outcome.events == [completed(250)])
        #expect(outcome.sourceLogs == [[Subscription(200, 250)], [Subscription(200, 210)]])
        #expect(outcome.order.prefix(2) == [.subscribe(.source(1)), .subscribe(.source(0))])
    }

    @Test func when_handlerCompletesAtTheErrorTick_completesThere() {
        // testRetryWhen_ObservableComplete: notifier done@230, source fails @230.
        let outcome = RetryModel.outcome(handlerIsSecondSource: scenario([
            cold([next(10, 1), next(20, 2), error(30, testError), completed(40)]), hot([completed(230)]),
        ]))
        #expect(outcome.events == [next(210, 1), next(220, 2), completed(230)])
        #expect(outcome.sourceLogs[0] == [Subscription(200, 230)])
    }

    @Test func when_handlerNeverEmits_theOutputStopsAtTheError() {
        // testRetryWhen_ObservableNever.
        let outcome = RetryModel.outcome(handlerIsSecondSource: scenario([
            hot([next(210, 2), next(220, 3), error(250, testError)]), hot([]),
        ]))
        #expect(outcome.events == [next(210, 2), next(220, 3)])
        #expect(outcome.sourceLogs[0] == [Subscription(200, 250)])
    }

    @Test func when_anElementDuringAnAttemptIsMissed_oneAfterTheErrorRetries() {
        let outcome = RetryModel.outcome(handlerIsSecondSource: scenario([
            cold([next(10, 1), error(20, testError)]), hot([next(215, 0), next(240, 0)]),
        ], disposed: 255))
        #expect(outcome.events == [next(210, 1), next(250, 1)])
        #expect(outcome.sourceLogs[0] == [Subscription(200, 220), Subscription(240, 255)])
    }

    /// 1.4: a failed attempt is released before the next is subscribed; the last after its error
    /// is forwarded.
    @Test func releasesAFailedAttemptBeforeTheNext() {
        let outcome = RetryModel.outcome(scenario([cold([error(10, testError)])]), maxAttempts: 2)
        #expect(outcome.order == [.subscribe(.source(0)), .release(.source(0)), .subscribe(.source(0)), .emit(0), .release(.source(0))])
    }
}
