import Testing
import RxCore
import RxTestKit

@Suite struct TimeOperatorTests {
    private let throttleInput: [Recorded<Event<Int>>] = [
        next(150, 1), next(210, 2), next(250, 3), next(310, 4), next(350, 5), next(410, 6), next(450, 7), completed(500),
    ]

    @Test func throttleLatest_rxswiftExample_completionWaitsForTheTrailingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(throttleInput)
        let res = scheduler.start { xs.throttle(.seconds(200), latest: true, scheduler: scheduler) }
        #expect(res.events == [next(210, 2), next(410, 6), next(610, 7), completed(610)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    @Test func throttleFirst_rxswiftExample() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(throttleInput)
        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(res.events == [next(210, 2), next(410, 6), completed(500)])
    }

    @Test func delay_rxswiftExample_completionShiftedToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(250, 2), next(350, 3), next(450, 4), completed(550)])
        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [next(350, 2), next(450, 3), next(550, 4), completed(650)])
        #expect(xs.subscriptions == [Subscription(200, 550)])
    }

    @Test func delay_errorComesOutAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(250, 2), next(350, 3), next(450, 4), error(550, testError)])
        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [next(300, 2), next(400, 3), next(500, 4), error(550, testError)])
    }

    @Test func delay_sameTickElements_comeOutOneTickApart() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(250, 2), next(250, 3)])
        let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [next(260, 2), next(261, 3)])
    }

    @Test func buffer_rxswiftExample_emptyBuffersToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(205, 1), next(210, 2), next(240, 3), next(280, 4), next(320, 5),
                                                next(350, 6), next(370, 7), next(420, 8), next(470, 9), completed(600)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        #expect(res.events == [next(240, [1, 2, 3]), next(310, [4]), next(370, [5, 6, 7]), next(440, [8]), next(510, [9]),
                               next(580, [Int]()), next(600, [Int]()), completed(600)])
    }

    @Test func debounce_pendingFlushedOnCompletion_lostOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(300, 3), completed(310)])
        let res = scheduler.start { xs.debounce(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [next(270, 2), next(310, 3), completed(310)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([next(210, 1), error(220, testError, Int.self)])
        #expect(scheduler2.start { ys.debounce(.seconds(50), scheduler: scheduler2) }.events == [error(220, testError)])
    }

    @Test func debounce_elementAtTheDueTick_replacesThePendingOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(260, 2)])
        let res = scheduler.start { xs.debounce(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [next(310, 2)])
    }

    @Test func timeout_firstWindowFromSubscription_coldElementAtExactlyDLoses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(50, 1)])
        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [error(250, RxError.timeout)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func timeout_hotElementAtTheDueTickWins_andReArms() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(250, 1), next(290, 2)])
        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [next(250, 1), next(290, 2), error(340, RxError.timeout)])
    }

    @Test func timeoutOther_subscribesOtherThenDropsSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(400, 2)])
        let other = scheduler.createColdObservable([next(10, 9), completed(20)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: other, scheduler: scheduler) }
        #expect(res.events == [next(210, 1), next(320, 9), completed(330)])
        #expect(xs.subscriptions == [Subscription(200, 310)])
        #expect(other.subscriptions == [Subscription(310, 330)])
    }

    @Test func takeFor_zero_completesNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }
        #expect(res.events == [completed(201)])
        #expect(xs.subscriptions == [Subscription(200, 201)])
    }

    @Test func skipFor_elementAtExactlyTheDurationIsDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(230, 1), next(250, 2), next(260, 3), completed(270)])
        let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [next(260, 3), completed(270)])
    }

    @Test func delaySubscription_disposedEarly_neverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(260, 2)])
        #expect(scheduler.start(disposed: 240) { xs.delaySubscription(.seconds(50), scheduler: scheduler) }.events.isEmpty)
        #expect(xs.subscriptions.isEmpty)
    }

    @Test func subscribeOn_subscribesAndUnsubscribesThroughTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(200, 1), next(201, 2), next(500, 3)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [next(500, 3)])
        #expect(xs.subscriptions == [Subscription(201, 1001)])
    }
}

@Suite struct WindowTests {
    @Test func window_firstAtSubscription_closesOnCount_andOnSpan() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(230, 3), completed(300)])
        let res = scheduler.start {
            xs.window(timeSpan: .seconds(50), count: 2, scheduler: scheduler)
                .enumerated()
                .flatMap { window in window.element.map { window.index * 10 + $0 } }
        }
        #expect(res.events == [next(210, 1), next(220, 2), next(230, 13), completed(300)])
    }

    @Test func window_isHot_aLateSubscriberMissesEarlierElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(230, 2)])
        let late = scheduler.createObserver(Int.self)
        var first: Observable<Int>?
        var windows: Disposable?
        scheduler.scheduleAt(200) {
            windows = xs.window(timeSpan: .seconds(500), count: 10, scheduler: scheduler).subscribe(onNext: { first = first ?? $0 })
        }
        scheduler.scheduleAt(220) { _ = first?.subscribe(late) }
        scheduler.scheduleAt(400) { windows?.dispose() }   // windows re-arm their timer until released
        scheduler.start()
        // Held by its subscriber, the first window lives until its span ends at 700.
        #expect(late.events == [next(230, 2), completed(700)])
    }

    @Test func window_sourceStaysSubscribedWhileAWindowIsHeld() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(400, 2)])
        let inner = scheduler.createObserver(Int.self)
        var outer: Disposable?
        var innerSubscription: Disposable?
        scheduler.scheduleAt(200) {
            outer = xs.window(timeSpan: .seconds(500), count: 10, scheduler: scheduler).subscribe(onNext: { window in
                if innerSubscription == nil { innerSubscription = window.subscribe(inner) }
            })
        }
        scheduler.scheduleAt(300) { outer?.dispose() }
        scheduler.scheduleAt(500) { innerSubscription?.dispose() }
        scheduler.start()
        #expect(inner.events == [next(210, 1), next(400, 2)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }
}
