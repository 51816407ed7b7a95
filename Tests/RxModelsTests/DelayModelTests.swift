import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct DelayModelTests {
    @Test func rxswiftExample_completionShiftedToo() {
        let outcome = DelayModel.outcome(scenario([hot([next(250, 2), next(350, 3), next(450, 4), completed(550)])]), dueTicks: 100)
        #expect(outcome.events == [next(350, 2), next(450, 3), next(550, 4), completed(650)])
        #expect(outcome.sourceLogs == [[Subscription(200, 550)]])
    }

    @Test func errorComesOutAtOnce() {
        let outcome = DelayModel.outcome(scenario([hot([next(250, 2), next(350, 3), next(450, 4), error(550, testError)])]), dueTicks: 50)
        #expect(outcome.events == [next(300, 2), next(400, 3), next(500, 4), error(550, testError)])
    }

    @Test func sameTickElements_comeOutOneTickApart() {
        let outcome = DelayModel.outcome(scenario([hot([next(250, 2), next(250, 3)])]), dueTicks: 10)
        #expect(outcome.events == [next(260, 2), next(261, 3)])
    }
}
