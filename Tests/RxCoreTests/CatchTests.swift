import Testing
import RxCore
import RxTestKit

@Suite struct CatchTests {
    @Test func catch_handlerThrows_errorsWithTheThrownError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([error(220, testError, Int.self)])
        #expect(scheduler.start { xs.catch { _ in throw otherError } }.events == [error(220, otherError)])
    }

    @Test func catch_subscribesFallbackAtTheErrorTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), error(220, testError, Int.self)])
        let fallback = scheduler.createColdObservable([next(10, 7), completed(20)])
        let res = scheduler.start { xs.catch { _ in fallback.asObservable() } }
        #expect(res.events == [next(210, 1), next(230, 7), completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(fallback.subscriptions == [Subscription(220, 240)])
    }

    @Test func catchAndReturn_emitsAndCompletesAtTheErrorTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([error(220, testError, Int.self)])
        #expect(scheduler.start { xs.catchAndReturn(9) }.events == [next(220, 9), completed(220)])
    }
}
