import Testing
import RxCore
import RxTestKit

@Suite struct SkipUntilTests {
    @Test func skipUntil_gateNeverOpens_sourceCompletionIsSilent() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([next(210, 1), completed(250)])
        let other = scheduler.createHotObservable([completed(225, Int.self)])
        let res = scheduler.start { source.skip(until: other) }
        #expect(res.events.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func skipUntil_forwardsAfterTheGateOpens() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([next(210, 1), next(230, 2), completed(250)])
        let other = scheduler.createHotObservable([next(220, 0)])
        let res = scheduler.start { source.skip(until: other) }
        #expect(res.events == [next(230, 2), completed(250)])
        #expect(other.subscriptions == [Subscription(200, 220)])
    }

    /// The source completes with the gate closed inside its subscribe call: the output is over,
    /// so an error `other` then sends is not forwarded (RxSwift's disposed sink drops it).
    @Test func skipUntil_sourceEndsSilently_laterOtherErrorIsDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.empty().skip(until: Observable<Int>.error(testError)) }
        #expect(res.events.isEmpty)
    }

    /// A synchronous other opens the gate and then fails: its subscription was disposed, but it
    /// is still inside its subscribe call, and its error reaches the output (RxSwift).
    @Test func skipUntil_synchronousOtherOpensThenFails_errorIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let other = Observable.concat(Observable.just(0), Observable<Int>.error(testError))
        let res = scheduler.start { xs.skip(until: other) }
        #expect(res.events == [error(200, testError)])
        #expect(xs.subscriptions == [Subscription(200, 200)])
    }
}
