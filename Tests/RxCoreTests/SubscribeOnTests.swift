import Testing
import RxCore
import RxTestKit

@Suite struct SubscribeOnTests {
    @Test func subscribeOn_subscribesAndUnsubscribesThroughTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(200, 1), next(201, 2), next(500, 3)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [next(500, 3)])
        #expect(xs.subscriptions == [Subscription(201, 1001)])
    }
}
