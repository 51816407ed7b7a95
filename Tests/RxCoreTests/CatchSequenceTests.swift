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

    /// The observer disposes on an element of a synchronous source that then fails: the
    /// sequence moves on no further, so the next source is never subscribed.
    @Test func catchSequence_observerDisposedThenSourceFails_nextIsNeverSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([error(210, testError, Int.self)])
        let ys = scheduler.createHotObservable([next(310, 1)])
        let failing = Observable.concat(Observable.just(0), Observable<Int>.error(testError))
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = Observable.catch(sequence: [xs.asObservable(), failing, ys.asObservable()]).subscribe { event in
                if case .next = event { subscription?.dispose() }
            }
        }
        scheduler.start()
        #expect(ys.subscriptions.isEmpty)
    }
}
