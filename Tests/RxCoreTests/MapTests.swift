import Testing
import RxCore
import RxTestKit

@Suite struct MapTests {
    @Test func map_transformsAtSameTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), completed(230)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        #expect(res.events == [next(210, 2), next(220, 4), completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func map_throws_errorsAndDisposesSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2)])
        let res = scheduler.start { xs.map { x -> Int in if x == 2 { throw testError }; return x } }
        #expect(res.events == [next(210, 1), error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}
