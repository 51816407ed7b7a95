import Testing
import RxCore
import RxTestKit

@Suite struct FlatMapFirstTests {
    @Test func flatMapFirst_dropsElementsWhileAnInnerIsLive() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([next(10, 1), completed(30)])
        let outer = scheduler.createHotObservable([next(210, 0), next(220, 0), next(250, 0), completed(260)])
        let res = scheduler.start { outer.flatMapFirst { _ in inner.asObservable() } }
        #expect(res.events == [next(220, 1), next(260, 1), completed(280)])
        #expect(inner.subscriptions == [Subscription(210, 240), Subscription(250, 280)])
    }
}
