import Testing
import RxCore
import RxTestKit
import RxModels

/// sources[0] is `first`, sources[1] is `second`.
@Suite struct WithLatestFromModelTests {
    @Test func emitsLatestSecondOnFirst() {
        let outcome = WithLatestFromModel.outcome(scenario([
            hot([next(210, 1), next(230, 2), next(250, 3), completed(300)]),
            hot([next(220, 10), next(240, 20), completed(260)]),
        ])) { _, latest in latest }
        #expect(outcome.events == [next(230, 10), next(250, 20), completed(300)])
        #expect(outcome.sourceLogs == [[Subscription(200, 300)], [Subscription(200, 260)]])
    }

    @Test func secondErrors_errors() {
        let outcome = WithLatestFromModel.outcome(scenario([hot([next(230, 2)]), hot([error(220, testError)])])) { $0 + $1 }
        #expect(outcome.events == [error(220, testError)])
        #expect(outcome.sourceLogs[0] == [Subscription(200, 220)])
    }

    /// Second is subscribed first, so its cold event at a shared offset comes first.
    @Test func coldSourcesAtSameTick_secondWins() {
        let outcome = WithLatestFromModel.outcome(scenario([cold([next(10, 1)]), cold([next(10, 5)])])) { _, latest in latest }
        #expect(outcome.events == [next(210, 5)])
        #expect(outcome.order.prefix(2) == [.subscribe(.source(1)), .subscribe(.source(0))])
    }

    @Test func sameTickFirstBeforeSecond_dropsElement() {
        let outcome = WithLatestFromModel.outcome(scenario([hot([next(250, 1)]), hot([next(250, 9)])])) { _, latest in latest }
        #expect(outcome.events.isEmpty)
    }
}
