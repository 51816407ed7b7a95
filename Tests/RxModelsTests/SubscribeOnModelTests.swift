import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct SubscribeOnModelTests {
    @Test func subscribesAndUnsubscribesOneTickLate() {
        let outcome = SubscribeOnModel.outcome(scenario([hot([next(200, 1), next(201, 2), next(500, 3)])]))
        #expect(outcome.events == [next(500, 3)])
        #expect(outcome.sourceLogs == [[Subscription(201, 1001)]])
    }
}
