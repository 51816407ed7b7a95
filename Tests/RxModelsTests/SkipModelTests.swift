import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct SkipModelTests {
    @Test func dropsFirstN() {
        let outcome = SkipModel.outcome(scenario([hot([next(210, 1), next(220, 2), next(230, 3), completed(240)])]), count: 2)
        #expect(outcome.events == [next(230, 3), completed(240)])
    }

    @Test func nonPositive_passesEverything() {
        let outcome = SkipModel.outcome(scenario([hot([next(210, 1)])]), count: -1)
        #expect(outcome.events == [next(210, 1)])
    }
}
