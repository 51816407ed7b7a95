import Testing
import RxCore
import RxTestKit

@Suite struct ZipTests {
    @Test func zip_pairsByPosition_completesWhenAllComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1), completed(220)])
        let b = scheduler.createHotObservable([next(215, 4), completed(225)])
        let res = scheduler.start { Observable.zip(a, b) { $0 * 10 + $1 } }
        #expect(res.events == [next(215, 14), completed(225)])
    }

    @Test func zip_fixedArity_emptyCompletedSource_waitsForAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([completed(210, Int.self)])
        let b = scheduler.createHotObservable([next(215, 1), completed(220)])
        let res = scheduler.start { Observable.zip(a, b) { $0 + $1 } }
        #expect(res.events == [completed(220)])
    }

    @Test func zip_neverAndEmpty_neverTerminates() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.zip(Observable<Int>.never(), Observable<Int>.empty()) { $0 + $1 } }
        #expect(res.events.isEmpty)
    }

    @Test func zip_collection_completesLazilyOnUnpairableElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([next(210, 1), completed(270)])
        let e1 = scheduler.createHotObservable([next(215, 2), next(290, 3), next(310, 4)])
        let e2 = scheduler.createHotObservable([next(220, 5), next(240, 6), completed(300)])
        let res = scheduler.start { Observable<[Int]>.zip([e0, e1, e2]) }
        #expect(res.events == [next(220, [1, 2, 5]), completed(310)])
        #expect(e1.subscriptions == [Subscription(200, 310)])
    }

    @Test func zip_emptyCollection_completesAtSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<[Int]>.zip([Observable<Int>]()) }
        #expect(res.events == [completed(200)])
    }

    @Test func zip_error_discardsBufferedAndEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1), next(220, 2)])
        let b = scheduler.createHotObservable([next(230, 3), error(240, testError)])
        let res = scheduler.start { Observable.zip(a, b) { $0 * 10 + $1 } }
        #expect(res.events == [next(230, 13), error(240, testError)])
        #expect(a.subscriptions == [Subscription(200, 240)])
    }

    @Test func zip_tupleForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1)])
        let b = scheduler.createHotObservable([next(220, "x")])
        let res = scheduler.start { Observable.zip(a, b).map { "\($0)\($1)" } }
        #expect(res.events == [next(220, "1x")])
    }

    @Test func zip_firstFailsInsideSubscribe_laterSourceGetsAZeroLengthEntry() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start { Observable.zip(Observable<Int>.error(testError), ys.asObservable()) { $0 + $1 } }
        #expect(res.events == [error(200, testError)])
        #expect(ys.subscriptions == [Subscription(200, 200)])
    }
}
