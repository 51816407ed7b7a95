import Testing
import RxCore
import RxTestKit
import RxModels

/// sources[0] is the outer; its element k stands for inners[k].
@Suite struct FlatMapModelTests {
    @Test func subscribesEveryInnerAtOnce() {
        let outcome = FlatMapModel.outcome(scenario(
            [hot([next(210, 0), next(220, 1), completed(230)])],
            inners: [cold([next(10, 11), next(30, 12), completed(40)]), cold([next(10, 21), next(30, 22), completed(40)])]))
        #expect(outcome.events == [next(220, 11), next(230, 21), next(240, 12), next(250, 22), completed(260)])
        #expect(outcome.innerLogs == [[Subscription(210, 250)], [Subscription(220, 260)]])
    }
}
