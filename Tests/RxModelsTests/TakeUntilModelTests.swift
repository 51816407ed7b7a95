import Testing
import RxCore
import RxTestKit
import RxModels

/// sources[0] is the source, sources[1] is `other`.
@Suite struct TakeUntilModelTests {
    @Test func otherNext_completesAndReleasesBoth() {
        let outcome = TakeUntilModel.outcome(scenario([hot([next(210, 1), next(220, 2), next(230, 3)]), hot([next(225, 0)])]))
        #expect(outcome.events == [next(210, 1), next(220, 2), completed(225)])
        #expect(outcome.sourceLogs == [[Subscription(200, 225)], [Subscription(200, 225)]])
        // other is subscribed first; the completion goes out before the release.
        #expect(outcome.order == [.subscribe(.source(1)), .subscribe(.source(0)), .emit(0), .emit(1), .emit(2),
                                  .dispose(.source(0)), .dispose(.source(1))])
    }

    @Test func otherCompletesEmpty_keepsMirroring() {
        let outcome = TakeUntilModel.outcome(scenario([hot([next(210, 1), next(300, 2), completed(400)]), hot([completed(250)])]))
        #expect(outcome.events == [next(210, 1), next(300, 2), completed(400)])
        #expect(outcome.sourceLogs[1] == [Subscription(200, 250)])
    }

    @Test func coldTie_otherWins() {
        let outcome = TakeUntilModel.outcome(scenario([cold([next(10, 1)]), cold([next(10, 0)])]))
        #expect(outcome.events == [completed(210)])
    }

    @Test func sourceCompletes_releasesOther() {
        let outcome = TakeUntilModel.outcome(scenario([hot([completed(300)]), hot([next(400, 0)])]))
        #expect(outcome.events == [completed(300)])
        #expect(outcome.sourceLogs[1] == [Subscription(200, 300)])
    }

    @Test func otherFailsInsideSubscribe_sourceGetsAZeroLengthEntry() {
        let outcome = TakeUntilModel.outcome(scenario([hot([next(210, 1)]), sync([error(0, testError)])]))
        #expect(outcome.events == [error(200, testError)])
        #expect(outcome.sourceLogs[0] == [Subscription(200, 200)])
    }
}
