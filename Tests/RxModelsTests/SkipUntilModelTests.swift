import Testing
import RxCore
import RxTestKit
import RxModels

/// sources[0] is the source, sources[1] is `other`.
@Suite struct SkipUntilModelTests {
    @Test func gateNeverOpens_sourceCompletionIsSilent() {
        let outcome = SkipUntilModel.outcome(scenario([hot([next(210, 1), completed(250)]), hot([completed(225)])]))
        #expect(outcome.events.isEmpty)
        #expect(outcome.sourceLogs == [[Subscription(200, 250)], [Subscription(200, 225)]])
    }

    @Test func forwardsAfterTheGateOpens() {
        let outcome = SkipUntilModel.outcome(scenario([hot([next(210, 1), next(230, 2), completed(250)]), hot([next(220, 0)])]))
        #expect(outcome.events == [next(230, 2), completed(250)])
        #expect(outcome.sourceLogs[1] == [Subscription(200, 220)])
    }

    @Test func sourceEndsSilently_laterOtherErrorIsDropped() {
        let outcome = SkipUntilModel.outcome(scenario([sync([completed(0)]), sync([error(0, testError)])]))
        #expect(outcome.events.isEmpty)
    }

    /// other opens the gate and then fails, both inside its subscribe call: the disposal reaches
    /// it only when that call returns, so the error is forwarded.
    @Test func synchronousOtherOpensThenFails_errorIsForwarded() {
        let outcome = SkipUntilModel.outcome(scenario([hot([next(210, 1)]), sync([next(0, 0), error(0, testError)])]))
        #expect(outcome.events == [error(200, testError)])
        #expect(outcome.sourceLogs[0] == [Subscription(200, 200)])
    }
}
