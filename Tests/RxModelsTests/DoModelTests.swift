import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct DoModelTests {
    @Test func eventsPassUnchanged() {
        let outcome = DoModel.outcome(scenario([hot([next(210, 1), completed(220)])]))
        #expect(outcome.events == [next(210, 1), completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }
}
