import Testing
import RxCore
import RxTestKit

@Suite struct TakeTests {
    @Test func take_completesWithNthElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(230, 3)])
        let res = scheduler.start { xs.take(2) }
        #expect(res.events == [next(210, 1), next(220, 2), completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func take_zero_completesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start { xs.take(0) }
        #expect(res.events == [completed(200)])
        #expect(xs.subscriptions.isEmpty)
    }

    @Test func take_sourceCompletesFirst_forwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), completed(220)])
        let res = scheduler.start { xs.take(5) }
        #expect(res.events == [next(210, 1), completed(220)])
    }
}
