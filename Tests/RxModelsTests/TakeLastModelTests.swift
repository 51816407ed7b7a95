import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct TakeLastModelTests {
    @Test func emitsKeptAtCompletion() {
        let outcome = TakeLastModel.outcome(scenario([hot([next(210, 1), next(220, 2), next(225, 3), completed(230)])]), count: 2)
        #expect(outcome.events == [next(230, 2), next(230, 3), completed(230)])
    }

    @Test func zero_justCompletes() {
        #expect(TakeLastModel.outcome(scenario([hot([next(210, 1), completed(230)])]), count: 0).events == [completed(230)])
    }

    @Test func error_dropsWhatWasKept() {
        #expect(TakeLastModel.outcome(scenario([hot([next(210, 1), error(230, testError)])]), count: 2).events == [error(230, testError)])
    }
}
