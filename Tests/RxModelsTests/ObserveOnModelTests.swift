import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct ObserveOnModelTests {
    @Test func oneEventPerTickInOrder() {
        let outcome = ObserveOnModel.outcome(scenario([hot([next(210, 1), next(210, 2), completed(220)])]))
        #expect(outcome.events == [next(211, 1), next(212, 2), completed(221)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }

    @Test func errorWaitsItsTurn() {
        let outcome = ObserveOnModel.outcome(scenario([hot([next(210, 1), next(210, 2), error(210, testError)])]))
        #expect(outcome.events == [next(211, 1), next(212, 2), error(213, testError)])
    }

    @Test func disposeCancelsPendingDeliveries() {
        #expect(ObserveOnModel.outcome(scenario([hot([next(210, 1)])], disposed: 210)).events.isEmpty)
    }
}
