import Testing
import RxCore
import RxTestKit

@Suite struct StartWithTests {
    @Test func startWith_emitsPrefixAtSubscribeBeforeSubscribingSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(220, 3), completed(230)])
        let res = scheduler.start { xs.startWith(1, 2) }
        #expect(res.events == [next(200, 1), next(200, 2), next(220, 3), completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func startWith_chained_outermostFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.never().startWith(1).startWith(2) }
        #expect(res.events == [next(200, 2), next(200, 1)])
    }

    @Test func startWith_sourceErrorsAtOnce_prefixStillEmitted() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.error(testError).startWith(1) }
        #expect(res.events == [next(200, 1), error(200, testError)])
    }
}
