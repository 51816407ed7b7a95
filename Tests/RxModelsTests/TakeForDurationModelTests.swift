import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct TakeForDurationModelTests {
    @Test func takeFor_zero_completesNextTick() {
        let outcome = TakeForDurationModel.outcome(scenario([hot([next(210, 1)])]), durationTicks: 0, skipping: false)
        #expect(outcome.events == [completed(201)])
        #expect(outcome.sourceLogs == [[Subscription(200, 201)]])
    }

    @Test func skipFor_elementAtExactlyTheDurationIsDropped() {
        let outcome = TakeForDurationModel.outcome(scenario([hot([next(230, 1), next(250, 2), next(260, 3), completed(270)])]),
                                                   durationTicks: 50, skipping: true)
        #expect(outcome.events == [next(260, 3), completed(270)])
        #expect(outcome.sourceLogs == [[Subscription(200, 270)]])
    }
}
