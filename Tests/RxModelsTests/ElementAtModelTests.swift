import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct ElementAtModelTests {
    @Test func theElementAndCompletionAtItsTick() {
        let outcome = ElementAtModel.outcome(scenario([hot([next(210, 1), next(220, 2)])]), index: 1)
        #expect(outcome.events == [next(220, 2), completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }

    @Test func outOfRange_errorsAtCompletion() {
        let outcome = ElementAtModel.outcome(scenario([hot([next(210, 1), completed(230)])]), index: 1)
        #expect(outcome.events == [.error(230, RxError.argumentOutOfRange)])
    }
}
