import Testing
import RxCore
import RxTestKit

@Suite struct ObserveOnTests {
    @Test func observeOn_virtualScheduler_deliversOneTickLaterInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(210, 2), completed(220)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [next(211, 1), next(211, 2), completed(221)])
    }

    @Test func observeOn_disposeCancelsPendingDeliveries() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start(disposed: 210) { xs.observe(on: scheduler) }
        #expect(res.events.isEmpty)
    }
}
