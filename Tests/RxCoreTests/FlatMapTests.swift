import Testing
import RxCore
import RxTestKit

@Suite struct FlatMapTests {
    @Test func flatMap_subscribesEveryInnerAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([next(10, 1), next(30, 2), completed(40)])
        let outer = scheduler.createHotObservable([next(210, 10), next(220, 20), completed(230)])
        let res = scheduler.start { outer.flatMap { x in inner.map { $0 + x } } }
        #expect(res.events == [next(220, 11), next(230, 21), next(240, 12), next(250, 22), completed(260)])
    }

    @Test func flatMap_selectorThrows_errors() {
        let scheduler = TestScheduler(initialClock: 0)
        let outer = scheduler.createHotObservable([next(210, 10)])
        let res = scheduler.start { outer.flatMap { _ -> Observable<Int> in throw testError } }
        #expect(res.events == [error(210, testError)])
        #expect(outer.subscriptions == [Subscription(200, 210)])
    }
}
