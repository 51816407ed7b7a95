import Testing
import RxCore
import RxTestKit

@Suite struct RetryTests {
    @Test func retry_coldSourceRestartsEachAttempt_logsOneEntryPerAttempt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), error(20, testError, Int.self)])
        let res = scheduler.start(disposed: 265) { xs.retry() }
        #expect(res.events == [next(210, 1), next(230, 1), next(250, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260), Subscription(260, 265)])
    }

    @Test func retryCount_countsSubscriptionsInAll_lastErrorForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), error(20, testError, Int.self)])
        let res = scheduler.start { xs.retry(2) }
        #expect(res.events == [next(210, 1), next(230, 1), error(240, testError)])
        #expect(xs.subscriptions.count == 2)
    }

    @Test func retryOne_doesNotRetry_retryZero_completesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([error(20, testError, Int.self)])
        #expect(scheduler.start { xs.retry(1) }.events == [error(220, testError)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createColdObservable([error(20, testError, Int.self)])
        #expect(scheduler2.start { ys.retry(0) }.events == [completed(200)])
        #expect(ys.subscriptions.isEmpty)
    }

    @Test func retry_hotSourceContinues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), error(220, testError), next(230, 2)])
        #expect(scheduler.start { xs.retry() }.events == [next(210, 1), next(230, 2)])
    }

    @Test func retryWhen_resubscribesWhenTheHandlerEmits_completesWhenItCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), error(20, testError, Int.self)])
        // take(2)'s second element and its completion arrive together at the second error.
        let res = scheduler.start { xs.retry { errors in errors.take(2) } }
        #expect(res.events == [next(210, 1), next(230, 1), completed(240)])
    }
}
