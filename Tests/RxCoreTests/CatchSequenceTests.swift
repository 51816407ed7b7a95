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

    @Test func catchSequence_sourceFailsInsideSubscribe_nextStaysSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createHotObservable([next(210, 1), completed(220)])
        let res = scheduler.start { Observable.catch(sequence: [Observable<Int>.error(testError), ys.asObservable()]) }
        #expect(res.events == [next(210, 1), completed(220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }
}
