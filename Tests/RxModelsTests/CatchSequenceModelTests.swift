import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct CatchSequenceModelTests {
    @Test func movesOnAtErrors_forwardsTheLastError() {
        let outcome = CatchSequenceModel.outcome(scenario([cold([next(10, 1), error(20, testError)]),
                                                           cold([next(10, 2), error(20, TestError(2))])]))
        #expect(outcome.events == [next(210, 1), next(230, 2), error(240, TestError(2))])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)], [Subscription(220, 240)]])
    }

    @Test func sourceFailsInsideSubscribe_nextStaysSubscribed() {
        let outcome = CatchSequenceModel.outcome(scenario([sync([error(0, testError)]), hot([next(210, 1), completed(220)])]))
        #expect(outcome.events == [next(210, 1), completed(220)])
        #expect(outcome.sourceLogs[1] == [Subscription(200, 220)])
    }

    /// The next source is a BehaviorSubject that has completed: subscribed at the error, it hands
    /// its completion over at once, which ends the output and its own zero-length entry.
    @Test func nextIsAnEndedBehaviorSource_completesAtTheError() {
        let outcome = CatchSequenceModel.outcome(scenario([hot([error(250, testError)]), behavior([next(200, 7), completed(240)])]))
        #expect(outcome.events == [completed(250)])
        #expect(outcome.sourceLogs == [[Subscription(200, 250)], [Subscription(250, 250)]])
    }

    @Test func completion_endsItAll() {
        let outcome = CatchSequenceModel.outcome(scenario([hot([completed(250)]), hot([next(300, 1)])]))
        #expect(outcome.events == [completed(250)])
        #expect(outcome.sourceLogs[1].isEmpty)
    }
}
