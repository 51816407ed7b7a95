import Testing
import RxCore
import RxTestKit

@Suite struct TimeoutTests {
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
}
