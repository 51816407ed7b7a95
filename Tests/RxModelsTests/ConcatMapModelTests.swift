import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct ConcatMapModelTests {
    /// The second inner waits for the first to complete, then is subscribed on its turn.
    @Test func innerSubscribedOnItsTurn() {
        let outcome = ConcatMapModel.outcome(scenario(
            [hot([next(210, 0), next(215, 1), completed(300)])],
            inners: [cold([next(10, 1), completed(30)]), cold([next(10, 2), completed(30)])]))
        #expect(outcome.events == [next(220, 1), next(250, 2), completed(300)])
        #expect(outcome.innerLogs == [[Subscription(210, 240)], [Subscription(240, 270)]])
    }
}
