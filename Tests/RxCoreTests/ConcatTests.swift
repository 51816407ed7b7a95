import Testing
import RxCore
import RxTestKit

@Suite struct ConcatTests {
    @Test func concat_coldSecondStartsAtFirstsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([next(10, 1), completed(50)])
        let b = scheduler.createColdObservable([next(10, 2), completed(20)])
        let res = scheduler.start { Observable.concat(a.asObservable(), b.asObservable()) }
        #expect(res.events == [next(210, 1), next(260, 2), completed(270)])
        #expect(a.subscriptions == [Subscription(200, 250)])
        #expect(b.subscriptions == [Subscription(250, 270)])
    }

    @Test func concat_hotSecondMissesEarlierEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1), completed(300)])
        let b = scheduler.createHotObservable([next(250, 2), next(350, 3), completed(400)])
        let res = scheduler.start { a.concat(b) }
        #expect(res.events == [next(210, 1), next(350, 3), completed(400)])
    }

    @Test func concat_error_laterSourcesNeverSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([error(10, testError, Int.self)])
        let b = scheduler.createColdObservable([next(10, 2)])
        let res = scheduler.start { a.concat(b) }
        #expect(res.events == [error(210, testError)])
        #expect(b.subscriptions.isEmpty)
    }

    @Test func concat_sameSourceTwice_subscribesTwice() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([next(10, 1), completed(20)])
        let res = scheduler.start { Observable.concat([a.asObservable(), a.asObservable()]) }
        #expect(res.events == [next(210, 1), next(230, 1), completed(240)])
        #expect(a.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
    }

    @Test func concat_emptyList_completesAtSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.concat([]) }
        #expect(res.events == [completed(200)])
    }

    @Test func concat_manySynchronousSources_doNotGrowTheStack() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.concat(Array(repeating: Observable.just(1), count: 50_000)) }
        #expect(res.events.count == 50_001)
    }

    @Test func concatOuter_isMergeMaxOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([next(10, 1), completed(20)])
        let outer = scheduler.createHotObservable([next(210, inner.asObservable()), next(215, inner.asObservable()),
                                                   completed(216)])
        let res = scheduler.start { outer.concat() }
        #expect(res.events == [next(220, 1), next(240, 1), completed(250)])
    }
}
