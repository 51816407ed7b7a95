import Testing
import RxCore
import RxTestKit
import RxModels

/// sources[0] is the outer; its element k stands for inners[k].
@Suite struct FlatMapLatestModelTests {
    @Test func switchesToTheNewestInner() {
        let inner: [Recorded<Event<Int>>] = [next(10, 1), next(100, 2)]
        let outcome = FlatMapLatestModel.outcome(scenario([hot([next(300, 0), next(350, 1), completed(400)])],
                                                          inners: [cold(inner), cold(inner)]))
        #expect(outcome.events == [next(310, 1), next(360, 1), next(450, 2)])
        #expect(outcome.innerLogs == [[Subscription(300, 350)], [Subscription(350, 1000)]])
    }
}
