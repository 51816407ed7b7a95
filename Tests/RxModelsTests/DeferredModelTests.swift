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

    /// A behavior source: its initial element inside subscribe, then its events at their ticks.
    @Test func behaviorSource_initialElementAtSubscription() {
        let outcome = DeferredModel.outcome(scenario([behavior([next(200, 1), next(300, 2), completed(500)])]))
        #expect(outcome.events == [next(200, 1), next(300, 2), completed(500)])
        #expect(outcome.sourceLogs == [[Subscription(200, 500)]])
    }
}
