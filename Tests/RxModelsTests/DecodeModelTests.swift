import Testing
import RxCore
import RxTestKit
import RxModels

/// The decoder fails on negative elements.
@Suite struct DecodeModelTests {
    @Test func decodesEveryElement_failsAtTheFirstThatCannot() {
        let outcome = DecodeModel.outcome(scenario([hot([next(210, 1), next(220, -1), next(230, 3)])])) { value in
            if value < 0 { throw TestError(4) }
            return value * 2
        }
        #expect(outcome.events == [next(210, 2), error(220, TestError(4))])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }
}
