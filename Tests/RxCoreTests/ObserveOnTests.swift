import Testing
import RxCore
import RxTestKit

@Suite struct ObserveOnTests {
    /// One event per scheduled action, as RxSwift's recursive drain: two events of one tick
    /// come out one tick apart; a later event starts a new drain one tick after it arrives.
    @Test func observeOn_virtualScheduler_deliversOneEventPerTickInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(210, 2), completed(220)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [next(211, 1), next(212, 2), completed(221)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func observeOn_errorWaitsItsTurn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(210, 2), error(210, testError)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [next(211, 1), next(212, 2), error(213, testError)])
    }

    @Test func observeOn_disposeCancelsPendingDeliveries() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start(disposed: 210) { xs.observe(on: scheduler) }
        #expect(res.events.isEmpty)
    }
}
