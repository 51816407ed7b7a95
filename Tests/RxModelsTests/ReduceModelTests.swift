import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct ReduceModelTests {
    @Test func emitsAtCompletion() {
        let outcome = ReduceModel.outcome(scenario([hot([next(210, 1), next(220, 2), completed(230)])]), seed: 10, accumulator: +)
        #expect(outcome.events == [next(230, 13), completed(230)])
    }

    @Test func seedWhenEmpty() {
        #expect(ReduceModel.outcome(scenario([hot([completed(230)])]), seed: 10, accumulator: +).events == [next(230, 10), completed(230)])
    }

    @Test func nothingOnError() {
        let outcome = ReduceModel.outcome(scenario([hot([next(210, 1), error(230, testError)])]), seed: 10, accumulator: +)
        #expect(outcome.events == [error(230, testError)])
    }
}
