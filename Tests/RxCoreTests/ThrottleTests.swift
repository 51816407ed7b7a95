import Testing
import RxCore
import RxTestKit

/// The input of RxSwift's throttle tests.
private let throttleExample: [Recorded<Event<Int>>] = [
    next(150, 1), next(210, 2), next(250, 3), next(310, 4), next(350, 5), next(410, 6), next(450, 7), completed(500),
]

@Suite struct ThrottleTests {
    @Test func throttleLatest_rxswiftExample_completionWaitsForTheTrailingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(throttleExample)
        let res = scheduler.start { xs.throttle(.seconds(200), latest: true, scheduler: scheduler) }
        #expect(res.events == [next(210, 2), next(410, 6), next(610, 7), completed(610)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    @Test func throttleFirst_rxswiftExample() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(throttleExample)
        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(res.events == [next(210, 2), next(410, 6), completed(500)])
    }
}
