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
}
