import Testing
import RxCore
import RxTestKit

@Suite struct CreationTests {
    @Test func just_emitsValueAndCompletesAtSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42) }
        #expect(res.events == [next(200, 42), completed(200)])
    }

    @Test func empty_completesAtSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.empty() }
        #expect(res.events == [completed(200)])
    }

    @Test func never_emitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.never() }
        #expect(res.events.isEmpty)
    }

    @Test func error_failsAtSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.error(testError) }
        #expect(res.events == [error(200, testError)])
    }

    @Test func from_defaultScheduler_emitsEverythingAtSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from([1, 2, 3]) }
        #expect(res.events == [next(200, 1), next(200, 2), next(200, 3), completed(200)])
    }

    @Test func from_virtualScheduler_emitsOnePerTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from([1, 2], scheduler: scheduler) }
        #expect(res.events == [next(201, 1), next(202, 2), completed(203)])
    }

    @Test func from_emptyArrayOnVirtualScheduler_completesNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.from([], scheduler: scheduler) }
        #expect(res.events == [completed(201)])
    }

    @Test func from_disposedMidway_stopsRemainingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 202) { Observable.from([1, 2, 3], scheduler: scheduler) }
        #expect(res.events == [next(201, 1)])
    }

    @Test func from_anySequence_iteratesLazilyAndAfreshPerSubscription() throws {
        let scheduler = TestScheduler(initialClock: 0)
        var pulled = 0
        let naturals = AnySequence { () -> AnyIterator<Int> in
            var next = 0
            return AnyIterator { pulled += 1; next += 1; return next }
        }
        let res = scheduler.start { Observable.from(naturals, scheduler: scheduler).take(3) }
        #expect(res.events == [next(201, 1), next(202, 2), next(203, 3), completed(203)])
        #expect(pulled == 3)
        let again = TestScheduler(initialClock: 0)
        #expect(again.start { Observable.from(naturals, scheduler: again).take(2) }.events == [next(201, 1), next(202, 2), completed(202)])
        #expect(try Observable.from(stride(from: 10, to: 40, by: 10)).toBlocking().toArray() == [10, 20, 30])
    }

    @Test func fromOptional_elementThenCompleted_orCompletedAlone() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Observable.from(optional: 5) }.events == [next(200, 5), completed(200)])
        let virtual = TestScheduler(initialClock: 0)
        #expect(virtual.start { Observable.from(optional: 5, scheduler: virtual) }.events == [next(201, 5), completed(202)])
        let none = TestScheduler(initialClock: 0)
        #expect(none.start { Observable<Int>.from(optional: nil, scheduler: none) }.events == [completed(201)])
    }

    @Test func of_takesArguments() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(7, 8) }
        #expect(res.events == [next(200, 7), next(200, 8), completed(200)])
    }

    @Test func deferred_runsFactoryAtEachSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        var calls = 0
        let xs = scheduler.createColdObservable([next(10, 1), completed(20)])
        let res = scheduler.start {
            Observable.deferred { calls += 1; return xs.asObservable() }
        }
        #expect(calls == 1)
        #expect(res.events == [next(210, 1), completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func deferred_factoryThrows_errorsAtSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.deferred { throw testError } }
        #expect(res.events == [error(200, testError)])
    }

    @Test func create_dropsEventsAfterTerminalAndDisposesItself() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: Int?
        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                observer.onNext(2)
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }
        #expect(res.events == [next(200, 1), completed(200)])
        #expect(disposedAt == 200)
    }

    @Test func timer_oneShot_emitsZeroAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [next(250, 0), completed(250)])
    }

    @Test func timer_zeroDelay_takesOneTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(0), scheduler: scheduler) }
        #expect(res.events == [next(201, 0), completed(201)])
    }

    @Test func interval_tickOnDisposeTick_isNotRecorded() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
        #expect(res.events == (0..<7).map { next(300 + 100 * $0, $0) })
    }

    @Test func interval_zeroPeriod_oncePerTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 204) { Observable<Int>.interval(.seconds(0), scheduler: scheduler) }
        #expect(res.events == [next(201, 0), next(202, 1), next(203, 2)])
    }

    /// The one-shot timer delivers through a sink: an observer that disposes on the element hears
    /// no completion after it (RxSwift's forwardOn checks the disposed flag).
    @Test func timer_observerDisposingOnTheElement_hearsNothingMore() {
        let scheduler = TestScheduler(initialClock: 0)
        var received: [String] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = Observable<Int>.timer(.seconds(10), scheduler: scheduler).subscribe { event in
                received.append("\(event)")
                if case .next = event { subscription?.dispose() }
            }
        }
        scheduler.start()
        #expect(received == ["next(0)"])
    }
}
