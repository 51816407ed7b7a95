import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct MaterializeModelTests {
    @Test func materialize_terminalBecomesAnElementThenCompletion() {
        let outcome = MaterializeModel.outcome(scenario([hot([next(210, 1), error(220, testError)])]))
        #expect(outcome.events == [next(210, Event.next(1)), next(220, Event<Int>.error(testError)), completed(220, Event<Int>.self)])
    }

    /// Negative elements decode to `error(TestError(-x))`.
    @Test func dematerialize_replaysTheEvents() {
        let outcome = MaterializeModel.outcome(dematerializing: scenario([hot([next(210, 1), next(220, -3), next(230, 4)])])) {
            $0 < 0 ? .error(TestError(-$0)) : .next($0)
        }
        #expect(outcome.events == [next(210, 1), error(220, TestError(3))])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }
}
