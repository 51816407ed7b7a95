import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct FlatMapFirstModelTests {
    @Test func dropsElementsWhileAnInnerIsLive() {
        let outcome = FlatMapFirstModel.outcome(scenario(
            [hot([next(210, 0), next(220, 0), next(250, 0), completed(260)])], inners: [cold([next(10, 1), completed(30)])]))
        #expect(outcome.events == [next(220, 1), next(260, 1), completed(280)])
        #expect(outcome.innerLogs == [[Subscription(210, 240), Subscription(250, 280)]])
    }
}
