import Testing
import RxCore
import RxTestKit

@Suite struct IfEmptyTests {
    @Test func ifEmpty_default_andSwitchTo() {
        #expect(runHot([completed(230)]) { $0.ifEmpty(default: 9) }.0 == [next(230, 9), completed(230)])
        #expect(runHot([error(230, testError)]) { $0.ifEmpty(default: 9) }.0 == [error(230, testError)])
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([completed(210, Int.self)])
        let other = scheduler.createColdObservable([next(10, 1), next(50, 5), completed(50)])
        let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
        #expect(res.events == [next(220, 1), next(260, 5), completed(260)])
        #expect(source.subscriptions == [Subscription(200, 210)])
        #expect(other.subscriptions == [Subscription(210, 260)])
    }

    /// A source completing empty inside its subscribe call switches to `other`, which stays
    /// subscribed (its subscription was once overwritten by the finished source's).
    @Test func ifEmptySwitchTo_sourceCompletesInsideSubscribe_otherStaysSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let other = scheduler.createHotObservable([next(210, 1), completed(220)])
        let res = scheduler.start { Observable<Int>.empty().ifEmpty(switchTo: other.asObservable()) }
        #expect(res.events == [next(210, 1), completed(220)])
        #expect(other.subscriptions == [Subscription(200, 220)])
    }
}
