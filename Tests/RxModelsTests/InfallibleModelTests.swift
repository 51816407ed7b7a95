import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct InfallibleModelTests {
    @Test func onErrorJustReturn_replacesTheErrorWithTheElementAndCompletion() {
        let outcome = InfallibleModel.outcome(scenario([hot([next(210, 1), error(220, TestError(2))])]), onErrorJustReturn: -1)
        #expect(outcome.events == [next(210, 1), next(220, -1), completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }
}
