import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct FilterModelTests {
    @Test func keepsMatching_forwardsTheError() {
        let outcome = FilterModel.outcome(scenario([hot([next(210, 1), next(220, 2), error(230, testError)])])) { $0 % 2 == 0 }
        #expect(outcome.events == [next(220, 2), error(230, testError)])
        #expect(outcome.sourceLogs == [[Subscription(200, 230)]])
    }

    @Test func throwingPredicate_failsAndReleases() {
        let outcome = FilterModel.outcome(scenario([hot([next(210, 1), next(220, 2)])])) { value in
            if value == 2 { throw testError }
            return true
        }
        #expect(outcome.events == [next(210, 1), error(220, testError)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }
}
