import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct DebounceModelTests {
    @Test func pendingFlushedOnCompletion() {
        let outcome = DebounceModel.outcome(scenario([hot([next(210, 1), next(220, 2), next(300, 3), completed(310)])]), dueTicks: 50)
        #expect(outcome.events == [next(270, 2), next(310, 3), completed(310)])
    }

    @Test func pendingLostOnError() {
        let outcome = DebounceModel.outcome(scenario([hot([next(210, 1), error(220, testError)])]), dueTicks: 50)
        #expect(outcome.events == [error(220, testError)])
    }

    @Test func elementAtTheDueTick_replacesThePendingOne() {
        let outcome = DebounceModel.outcome(scenario([hot([next(210, 1), next(260, 2)])]), dueTicks: 50)
        #expect(outcome.events == [next(310, 2)])
    }
}
