import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct TakeWhileModelTests {
    @Test func exclusive_dropsTheElementThatEndsIt() {
        let outcome = TakeWhileModel.outcome(scenario([hot([next(210, 1), next(220, 5), next(230, 1)])]), until: { $0 >= 3 }, inclusive: false)
        #expect(outcome.events == [next(210, 1), completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }

    @Test func inclusive_emitsIt() {
        let outcome = TakeWhileModel.outcome(scenario([hot([next(210, 1), next(220, 5), next(230, 1)])]), until: { $0 >= 3 }, inclusive: true)
        #expect(outcome.events == [next(210, 1), next(220, 5), completed(220)])
    }
}
