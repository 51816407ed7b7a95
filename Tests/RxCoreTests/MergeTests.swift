import Testing
import RxCore
import RxTestKit

@Suite struct MergeTests {
    @Test func merge_interleavesAndCompletesWhenAllComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1), completed(300)])
        let b = scheduler.createHotObservable([next(220, 2), next(400, 3), completed(500)])
        let res = scheduler.start { Observable.merge(a.asObservable(), b.asObservable()) }
        #expect(res.events == [next(210, 1), next(220, 2), next(400, 3), completed(500)])
        #expect(a.subscriptions == [Subscription(200, 300)])
        #expect(b.subscriptions == [Subscription(200, 500)])
    }

    @Test func merge_emptyList_completesAtSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.merge([]) }
        #expect(res.events == [completed(200)])
    }

    @Test func merge_synchronousSourceFirst_doesNotCompleteEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let b = scheduler.createHotObservable([next(220, 2), completed(300)])
        let res = scheduler.start { Observable.merge(Observable.just(1), b.asObservable()) }
        #expect(res.events == [next(200, 1), next(220, 2), completed(300)])
    }

    @Test func merge_errorFromOne_disposesAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([error(250, testError, Int.self)])
        let b = scheduler.createHotObservable([next(220, 2)])
        let res = scheduler.start { Observable.merge(a.asObservable(), b.asObservable()) }
        #expect(res.events == [next(220, 2), error(250, testError)])
        #expect(b.subscriptions == [Subscription(200, 250)])
    }

    @Test func mergeOuter_outerLogEndsAtItsCompletionWhileInnersContinue() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable([next(10, 1), completed(100)])
        let inner2 = scheduler.createColdObservable([next(5, 2), completed(20)])
        let outer = scheduler.createHotObservable([next(210, inner1.asObservable()), next(220, inner2.asObservable()),
                                                   completed(230)])
        let res = scheduler.start { outer.merge() }
        #expect(res.events == [next(220, 1), next(225, 2), completed(310)])
        #expect(outer.subscriptions == [Subscription(200, 230)])
        #expect(inner1.subscriptions == [Subscription(210, 310)])
        #expect(inner2.subscriptions == [Subscription(220, 240)])
    }

    @Test func mergeMaxConcurrent_queuedColdInnerStartsWhenSlotFrees() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable([next(10, 1), completed(50)])
        let inner2 = scheduler.createColdObservable([next(10, 2), completed(20)])
        let outer = scheduler.createHotObservable([next(210, inner1.asObservable()), next(220, inner2.asObservable()),
                                                   completed(230)])
        let res = scheduler.start { outer.merge(maxConcurrent: 1) }
        #expect(res.events == [next(220, 1), next(270, 2), completed(280)])
        #expect(inner2.subscriptions == [Subscription(260, 280)])
    }

    @Test func mergeMaxConcurrent_errorNeverSubscribesQueued() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable([error(30, testError, Int.self)])
        let inner2 = scheduler.createColdObservable([next(10, 2)])
        let outer = scheduler.createHotObservable([next(210, inner1.asObservable()), next(220, inner2.asObservable())])
        let res = scheduler.start { outer.merge(maxConcurrent: 1) }
        #expect(res.events == [error(240, testError)])
        #expect(inner2.subscriptions.isEmpty)
        #expect(outer.subscriptions == [Subscription(200, 240)])
    }
}

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

@Suite struct ConcatMapTests {
    @Test func concatMap_selectorRunsAtArrivalInnerSubscribedOnItsTurn() {
        let scheduler = TestScheduler(initialClock: 0)
        var selectorTicks: [Int] = []
        let inner = scheduler.createColdObservable([next(10, 1), completed(30)])
        let outer = scheduler.createHotObservable([next(210, 1), next(215, 2), completed(300)])
        let res = scheduler.start {
            outer.concatMap { x -> Observable<Int> in
                selectorTicks.append(scheduler.clock)
                return inner.map { $0 * x }
            }
        }
        #expect(selectorTicks == [210, 215])
        #expect(res.events == [next(220, 1), next(250, 2), completed(300)])
        #expect(inner.subscriptions == [Subscription(210, 240), Subscription(240, 270)])
    }
}

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
