import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct IfEmptyModelTests {
    @Test func default_onEmptyCompletion() {
        #expect(IfEmptyModel.outcome(scenario([hot([completed(230)])]), default: 9).events == [next(230, 9), completed(230)])
    }

    @Test func default_notOnError() {
        #expect(IfEmptyModel.outcome(scenario([hot([error(230, testError)])]), default: 9).events == [error(230, testError)])
    }

    /// sources[1] is `other`.
    @Test func switchTo_subscribesOtherAtTheEmptyCompletion() {
        let outcome = IfEmptyModel.outcome(switchingTo: scenario([hot([completed(210)]), cold([next(10, 1), next(50, 5), completed(50)])]))
        #expect(outcome.events == [next(220, 1), next(260, 5), completed(260)])
        #expect(outcome.sourceLogs == [[Subscription(200, 210)], [Subscription(210, 260)]])
    }

    /// The source completes empty inside its subscribe call: other is subscribed and stays.
    @Test func switchTo_sourceCompletesInsideSubscribe_otherStaysSubscribed() {
        let outcome = IfEmptyModel.outcome(switchingTo: scenario([sync([completed(0)]), hot([next(210, 1), completed(220)])]))
        #expect(outcome.events == [next(210, 1), completed(220)])
        #expect(outcome.sourceLogs[1] == [Subscription(200, 220)])
    }
}
