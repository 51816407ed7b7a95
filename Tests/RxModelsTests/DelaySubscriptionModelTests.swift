import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct DelaySubscriptionModelTests {
    @Test func subscribesLater_missesEarlierHotEvents() {
        let outcome = DelaySubscriptionModel.outcome(scenario([hot([next(210, 1), next(260, 2), completed(300)])]), dueTicks: 50)
        #expect(outcome.events == [next(260, 2), completed(300)])
        #expect(outcome.sourceLogs == [[Subscription(250, 300)]])
    }

    @Test func disposedBeforeTheDelay_neverSubscribes() {
        let outcome = DelaySubscriptionModel.outcome(scenario([hot([next(260, 2)])], disposed: 240), dueTicks: 50)
        #expect(outcome.events.isEmpty)
        #expect(outcome.sourceLogs == [[]])
    }
}
