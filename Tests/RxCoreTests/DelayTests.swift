import Testing
import RxCore
import RxTestKit

@Suite struct DelayTests {
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
}
