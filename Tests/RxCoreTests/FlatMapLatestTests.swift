import Testing
import RxCore
import RxTestKit

@Suite struct FlatMapLatestTests {
    @Test func flatMapLatest_switchesToNewestInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([next(10, 1), next(100, 2)])
        let outer = scheduler.createHotObservable([next(300, 10), next(350, 20), completed(400)])
        let res = scheduler.start { outer.flatMapLatest { x in inner.map { $0 + x } } }
        #expect(res.events == [next(310, 11), next(360, 21), next(450, 22)])
        #expect(inner.subscriptions == [Subscription(300, 350), Subscription(350, 1000)])
    }

    /// An inner failing inside the outer's subscribe call ends the output; the next element of
    /// the synchronous outer still subscribes its inner and disposes it at once (RxSwift).
}
