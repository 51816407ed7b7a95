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
}
