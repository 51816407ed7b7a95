import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct TakeModelTests {
    @Test func completesWithNthElementAndUnsubscribes() {
        let outcome = TakeModel.outcome(scenario([hot([next(210, 1), next(220, 2), next(230, 3)])]), count: 2)
        #expect(outcome.events == [next(210, 1), next(220, 2), completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
        #expect(outcome.order == [.subscribe(.source(0)), .emit(0), .emit(1), .emit(2), .dispose(.source(0))])
    }

    @Test func zero_completesWithoutSubscribing() {
        let outcome = TakeModel.outcome(scenario([hot([next(210, 1)])]), count: 0)
        #expect(outcome.events == [completed(200)])
        #expect(outcome.sourceLogs == [[]])
    }

    @Test func sourceCompletesFirst_forwarded() {
        let outcome = TakeModel.outcome(scenario([hot([next(210, 1), completed(220)])]), count: 5)
        #expect(outcome.events == [next(210, 1), completed(220)])
    }
}
