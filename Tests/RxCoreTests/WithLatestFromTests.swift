import Testing
import RxCore
import RxTestKit

@Suite struct WithLatestFromTests {
    @Test func withLatestFrom_emitsLatestSecondOnFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([next(210, 1), next(230, 2), next(250, 3), completed(300)])
        let second = scheduler.createHotObservable([next(220, 10), next(240, 20), completed(260)])
        let res = scheduler.start { first.withLatestFrom(second) }
        #expect(res.events == [next(230, 10), next(250, 20), completed(300)])
        #expect(first.subscriptions == [Subscription(200, 300)])
        #expect(second.subscriptions == [Subscription(200, 260)])
    }

    @Test func withLatestFrom_selector_combinesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([next(230, 2)])
        let second = scheduler.createHotObservable([next(220, 10)])
        let res = scheduler.start { first.withLatestFrom(second) { $0 + $1 } }
        #expect(res.events == [next(230, 12)])
    }

    @Test func withLatestFrom_secondCompletesEmpty_dropsEverythingUntilFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([next(230, 2), completed(400)])
        let second = scheduler.createHotObservable([completed(220, Int.self)])
        let res = scheduler.start { first.withLatestFrom(second) }
        #expect(res.events == [completed(400)])
    }

    @Test func withLatestFrom_secondErrors_errors() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([next(230, 2)])
        let second = scheduler.createHotObservable([error(220, testError, Int.self)])
        let res = scheduler.start { first.withLatestFrom(second) }
        #expect(res.events == [error(220, testError)])
        #expect(first.subscriptions == [Subscription(200, 220)])
    }

    @Test func withLatestFrom_coldSourcesAtSameTick_secondWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([next(10, 1)])
        let second = scheduler.createColdObservable([next(10, 5)])
        let res = scheduler.start { first.withLatestFrom(second) }
        #expect(res.events == [next(210, 5)])
    }

    @Test func withLatestFrom_sameTickFirstBeforeSecond_dropsElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = scheduler.createHotObservables([[next(250, 1)], [next(250, 9)]], order: [(0, 0), (1, 0)])
        let res = scheduler.start { sources[0].withLatestFrom(sources[1]) }
        #expect(res.events.isEmpty)
    }
}
