import Testing
import RxCore
import RxTestKit

@Suite struct DelaySubscriptionTests {
    @Test func delaySubscription_disposedEarly_neverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(260, 2)])
        #expect(scheduler.start(disposed: 240) { xs.delaySubscription(.seconds(50), scheduler: scheduler) }.events.isEmpty)
        #expect(xs.subscriptions.isEmpty)
    }

    @Test func delaySubscription_subscribesLater_missesEarlierHotEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(260, 2), completed(300)])
        let res = scheduler.start { xs.delaySubscription(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [next(260, 2), completed(300)])
        #expect(xs.subscriptions == [Subscription(250, 300)])
    }

    @Test func delaySubscription_disposedBeforeTheDelay_neverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(260, 2)])
        let res = scheduler.start(disposed: 240) { xs.delaySubscription(.seconds(50), scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions.isEmpty)
    }

    /// A synchronous source goes on delivering inside its subscribe call after the observer
    /// disposed on its first element: nothing more reaches the observer.
    @Test func delaySubscription_observerDisposesOnTheFirstElement_hearsNothingMore() {
        let scheduler = TestScheduler(initialClock: 0)
        var received: [String] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = Observable.of(1, 2).delaySubscription(.seconds(10), scheduler: scheduler).subscribe { event in
                received.append("\(event)")
                if case .next = event { subscription?.dispose() }
            }
        }
        scheduler.start()
        #expect(received == ["next(1)"])
    }
}
