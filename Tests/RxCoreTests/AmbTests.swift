import Testing
import RxCore
import RxTestKit

@Suite struct AmbTests {
    @Test func amb_firstEventWins_othersUnsubscribedAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(250, 1), completed(300)])
        let b = scheduler.createHotObservable([next(220, 2), next(260, 3), completed(400)])
        let res = scheduler.start { a.amb(b) }
        #expect(res.events == [next(220, 2), next(260, 3), completed(400)])
        #expect(a.subscriptions == [Subscription(200, 220)])
    }

    @Test func amb_completionFirst_wins() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([completed(210, Int.self)])
        let b = scheduler.createHotObservable([next(220, 2)])
        let res = scheduler.start { Observable.amb([a.asObservable(), b.asObservable()]) }
        #expect(res.events == [completed(210)])
        #expect(b.subscriptions == [Subscription(200, 210)])
    }

    @Test func amb_emptyList_neverEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.amb([Observable<Int>]()) }
        #expect(res.events.isEmpty)
    }

    /// The first source wins inside its subscribe call; the loser is still subscribed and
    /// disposed at once, as RxSwift's binary amb does.
    @Test func amb_firstWinsInsideSubscribe_loserGetsAZeroLengthEntry() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start { Observable<Int>.empty().amb(ys) }
        #expect(res.events == [completed(200)])
        #expect(ys.subscriptions == [Subscription(200, 200)])
    }
}
