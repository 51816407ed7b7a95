import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct DeferredModelTests {
    @Test func subscribesTheFactorysResultAtSubscription() {
        let outcome = DeferredModel.outcome(scenario([cold([next(10, 1), completed(20)])]))
        #expect(outcome.events == [next(210, 1), completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }
}
