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
        // The first error's element resubscribes. At the second error take(2) sends its element,
        // which starts the third attempt and ends the listening; its completion, sent right
        // after, is kept and completes the output at the third error (RxSwift's answer).
        let res = scheduler.start { xs.retry { errors in errors.take(2) } }
        #expect(res.events == [next(210, 1), next(230, 1), next(250, 1), completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    /// RxSwift's testRetryWhen_Never: the handler's sequence completes while the only attempt
    /// runs; the attempt finishes and the source's completion ends the output.
    @Test func retryWhen_handlerCompletingDuringAnAttempt_letsTheAttemptFinish() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(150, 1), completed(250, Int.self)])
        let empty = scheduler.createHotObservable([next(150, 1), completed(210, Int.self)])
        let res = scheduler.start(disposed: 300) { xs.retry { _ in empty } }
        #expect(res.events == [completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    /// A handler's terminal sent while an attempt runs takes effect at the next error.
    @Test func retryWhen_handlerTerminalDuringAnAttempt_takesEffectAtTheNextError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), next(20, 2), error(30, testError, Int.self)])
        let notifier = scheduler.createHotObservable([next(215, 0), error(225, TestError(2), Int.self)])
        let res = scheduler.start { xs.retry { _ in notifier } }
        #expect(res.events == [next(210, 1), next(220, 2), error(230, TestError(2))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    /// RxSwift's testRetryWhen_ObservableNextError.
    @Test func retryWhen_handlerErrorFailsTheOutputAtTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), next(20, 2), error(30, testError, Int.self), completed(40, Int.self)])
        let res = scheduler.start(disposed: 300) {
            xs.retry { errors in
                errors.scan(0) { count, _ in
                    if count + 1 == 2 { throw TestError(2) }
                    return count + 1
                }
            }
        }
        #expect(res.events == [next(210, 1), next(220, 2), next(240, 1), next(250, 2), error(260, TestError(2))])
        #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
    }

    /// RxSwift's testRetryWhen_Incremental_BackOff: the handler's delays come from timers.
    @Test func retryWhen_backOffThroughTimers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(5, 1), error(10, testError, Int.self)])
        let res = scheduler.start(disposed: 800) {
            xs.retry { errors in
                errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                    attempt >= 3 ? .error(error) : Observable<Int>.timer(.seconds((attempt + 1) * 50), scheduler: scheduler)
                }
            }
        }
        #expect(res.events == [next(205, 1), next(265, 1), next(375, 1), next(535, 1), error(540, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210), Subscription(260, 270), Subscription(370, 380), Subscription(530, 540)])
    }

    /// A source failing inside subscribe is retried in a loop, not by recursion.
    @Test func retryWhen_sourceFailingAtOnce_loopsWithoutGrowingTheStack() {
        var attempts = 0
        let failingAtOnce = Observable<Int>.create { observer in
            attempts += 1
            observer.onNext(attempts)
            if attempts < 20_000 { observer.onError(TestError(1)) } else { observer.onCompleted() }
            return Disposables.create()
        }
        var elements = 0
        var completed = false
        _ = failingAtOnce.retry { $0 }.subscribe(onNext: { _ in elements += 1 }, onCompleted: { completed = true })
        #expect(elements == 20_000)
        #expect(completed)
    }
}
