import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct SkipWhileModelTests {
    @Test func forwardsEverythingFromTheFirstFailure() {
        let outcome = SkipWhileModel.outcome(scenario([hot([next(210, 1), next(220, 5), next(230, 1), completed(240)])])) { $0 < 3 }
        #expect(outcome.events == [next(220, 5), next(230, 1), completed(240)])
    }
}
