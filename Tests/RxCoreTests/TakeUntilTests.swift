import Testing
import RxCore
import RxTestKit

@Suite struct TakeUntilTests {
    @Test func takeUntil_otherNext_completesAndDisposesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(230, 3)])
        let other = scheduler.createHotObservable([next(225, 0)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [next(210, 1), next(220, 2), completed(225)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func takeUntil_otherCompletesEmpty_keepsMirroring() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(300, 2), completed(400)])
        let other = scheduler.createHotObservable([completed(250, Int.self)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [next(210, 1), next(300, 2), completed(400)])
        #expect(other.subscriptions == [Subscription(200, 250)])
    }

    @Test func takeUntil_coldTie_otherWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1)])
        let other = scheduler.createColdObservable([next(10, 0)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [completed(210)])
    }

    @Test func takeUntil_sourceCompletes_unsubscribesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([completed(300, Int.self)])
        let other = scheduler.createHotObservable([next(400, 0)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [completed(300)])
        #expect(other.subscriptions == [Subscription(200, 300)])
    }

    @Test func takeUntil_otherErrors_errors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let other = scheduler.createHotObservable([error(250, testError, Int.self)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [next(210, 1), error(250, testError)])
    }

    @Test func takeUntil_otherFailsInsideSubscribe_sourceGetsAZeroLengthEntry() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start { xs.take(until: Observable<Int>.error(testError)) }
        #expect(res.events == [error(200, testError)])
        #expect(xs.subscriptions == [Subscription(200, 200)])
    }
}
