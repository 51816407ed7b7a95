import Testing
import RxCore
import RxTestKit

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

    /// Once the output and every window are disposed, nothing of the subscription stays alive:
    /// the timer that re-arms itself held itself — and through it the observer and the
    /// scheduler — after every run.
    @Test func window_disposed_releasesWhatItHeld() {
        weak var watched: TestScheduler?
        do {
            let scheduler = TestScheduler(initialClock: 0)
            watched = scheduler
            let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(230, 3)])
            _ = scheduler.start(disposed: 300) {
                xs.window(timeSpan: .seconds(50), count: 2, scheduler: scheduler).flatMap { $0 }
            }
        }
        #expect(watched == nil)
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
