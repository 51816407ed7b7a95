import Testing
import RxCore
import RxTestKit

@Suite struct ErrorHandlingTests {
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

    @Test func catchSequence_movesOnAtErrors_forwardsTheLastError() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([next(10, 1), error(20, testError, Int.self)])
        let b = scheduler.createColdObservable([next(10, 2), error(20, otherError, Int.self)])
        let res = scheduler.start { Observable.catch(sequence: [a.asObservable(), b.asObservable()]) }
        #expect(res.events == [next(210, 1), next(230, 2), error(240, otherError)])
        #expect(b.subscriptions == [Subscription(220, 240)])
    }

    @Test func catch_handlerThrows_errorsWithTheThrownError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([error(220, testError, Int.self)])
        #expect(scheduler.start { xs.catch { _ in throw otherError } }.events == [error(220, otherError)])
    }
}

@Suite struct MoreCreationTests {
    @Test func range_onVirtualScheduler_onePerTick() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Observable<Int>.range(start: 5, count: 3, scheduler: scheduler) }.events
                == [next(201, 5), next(202, 6), next(203, 7), completed(204)])
        #expect(TestScheduler(initialClock: 0).start { Observable<Int>.range(start: 1, count: 2) }.events
                == [next(200, 1), next(200, 2), completed(200)])
    }

    @Test func generate_throwingIterate_errors() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { $0 < 5 }) { state in
                if state == 1 { throw testError }
                return state + 1
            }
        }
        #expect(res.events == [next(200, 0), next(200, 1), error(200, testError)])
    }

    @Test func justScheduled_andRepeatElement() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Observable.just(4, scheduler: scheduler) }.events == [next(201, 4), completed(202)])
        let scheduler2 = TestScheduler(initialClock: 0)
        #expect(scheduler2.start(disposed: 204) { Observable.repeatElement(7, scheduler: scheduler2) }.events
                == [next(201, 7), next(202, 7), next(203, 7)])
    }
}
