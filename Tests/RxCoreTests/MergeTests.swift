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

    /// One asynchronous inner followed by 100,000 synchronous ones: the queued inners are
    /// started by a loop, not by recursion, so the stack does not grow with their number.
    @Test(arguments: [1, 3])
    func mergeMaxConcurrent_manySynchronousInnersAfterAnAsynchronousOne_doNotGrowTheStack(_ limit: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([completed(300, Int.self)])
        let count = 100_000
        let inners = [first.asObservable()] + (0..<count).map { Observable.just($0) }
        let res = scheduler.start { Observable.from(inners).merge(maxConcurrent: limit) }
        #expect(res.events.count == count + 1)
        #expect(res.events.first == next(limit == 1 ? 300 : 200, 0))
        #expect(res.events.last == completed(300))
        #expect(first.subscriptions == [Subscription(200, 300)])
    }

    @Test func concatOuter_manySynchronousInners_doNotGrowTheStack() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([next(10, -1), completed(20)])
        let inners = [first.asObservable()] + (0..<100_000).map { Observable.just($0) }
        let res = scheduler.start { Observable.from(inners).concat() }
        #expect(res.events.count == 100_002)
        #expect(res.events[1] == next(220, 0))
        #expect(res.events.last == completed(220))
    }

    /// As RxSwift's merge: a source after one that failed inside the subscribe call is still
    /// subscribed — to nobody — and released when that call returns.
    @Test func merge_firstFailsInsideSubscribe_laterSourceGetsAZeroLengthEntry() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start { Observable.merge(Observable<Int>.error(testError), ys.asObservable()) }
        #expect(res.events == [error(200, testError)])
        #expect(ys.subscriptions == [Subscription(200, 200)])
    }

    /// Two synchronous `from` sources interleave: their elements run on the trampoline the
    /// subscribe call opened, one step each in turn (RxSwift's order).
    @Test func merge_twoFromSources_interleave() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.merge(Observable.from([1, 2]), Observable.from([3, 4])) }
        #expect(res.events == [next(200, 1), next(200, 3), next(200, 2), next(200, 4), completed(200)])
    }

    /// concat() starts the next queued inner through the trampoline: inside the subscribe call,
    /// the first inner's completion leaves the second to start once the call's own work is
    /// done, so the synchronous outer delivers its third element first.
    @Test func concat_queuedInnerStartsWhenTheSubscribeCallsWorkIsDone() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let first = PublishSubject<Int>()
        func later(_ name: String) -> Observable<Int> {
            Observable.create { observer in
                log.append("subscribe \(name)")
                observer.onNext(name == "b" ? 2 : 3)
                observer.onCompleted()
                return Disposables.create()
            }
        }
        let res = scheduler.start {
            Observable<Observable<Int>>.create { observer in
                observer.onNext(first.asObservable())
                observer.onNext(later("b"))
                first.onNext(1)
                first.onCompleted()
                log.append("outer c")
                observer.onNext(later("c"))
                observer.onCompleted()
                return Disposables.create()
            }.concat()
        }
        #expect(res.events == [next(200, 1), next(200, 2), next(200, 3), completed(200)])
        #expect(log == ["outer c", "subscribe b", "subscribe c"])
    }

    /// Outside a subscribe call the queued inner starts at once, inside the completion.
    @Test func concat_queuedInnerStartsAtOnceOutsideASubscribeCall() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([next(10, 1), completed(20)])
        let b = scheduler.createColdObservable([next(5, 2), completed(10)])
        let outer = scheduler.createHotObservable([next(210, a.asObservable()), next(215, b.asObservable()),
                                                   completed(300)])
        let res = scheduler.start { outer.concat() }
        #expect(res.events == [next(220, 1), next(235, 2), completed(300)])
        #expect(b.subscriptions == [Subscription(230, 240)])
    }

    @Test(arguments: [nil, 1] as [Int?])
    func mergeOuter_innerFailsInsideSubscribe_laterInnerIsNeverSubscribed(_ limit: Int?) {
        let scheduler = TestScheduler(initialClock: 0)
        let late = scheduler.createHotObservable([next(210, 1)])
        let outer = Observable.from([Observable<Int>.error(testError), late.asObservable()])
        let res = scheduler.start { limit.map { outer.merge(maxConcurrent: $0) } ?? outer.merge() }
        #expect(res.events == [error(200, testError)])
        #expect(late.subscriptions.isEmpty)
    }
}
