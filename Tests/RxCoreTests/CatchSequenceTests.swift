import Testing
import RxCore
import RxTestKit

@Suite struct CatchSequenceTests {
    @Test func catchSequence_movesOnAtErrors_forwardsTheLastError() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([next(10, 1), error(20, testError, Int.self)])
        let b = scheduler.createColdObservable([next(10, 2), error(20, otherError, Int.self)])
        let res = scheduler.start { Observable.catch(sequence: [a.asObservable(), b.asObservable()]) }
        #expect(res.events == [next(210, 1), next(230, 2), error(240, otherError)])
        #expect(b.subscriptions == [Subscription(220, 240)])
    }
}
