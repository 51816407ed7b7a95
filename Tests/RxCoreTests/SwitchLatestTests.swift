import Testing
import RxCore
import RxTestKit

@Suite struct SwitchLatestTests {
    @Test func switchLatest_outerCompletesWithLiveInner_waitsForIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createHotObservable([next(310, 1), next(410, 2), completed(700)])
        let inner2 = scheduler.createHotObservable([next(510, 3), completed(650)])
        let outer = scheduler.createHotObservable([next(300, inner1.asObservable()), next(500, inner2.asObservable()),
                                                   completed(600)])
        let res = scheduler.start { outer.switchLatest() }
        #expect(res.events == [next(310, 1), next(410, 2), next(510, 3), completed(650)])
        #expect(inner1.subscriptions == [Subscription(300, 500)])
        #expect(inner2.subscriptions == [Subscription(500, 650)])
        #expect(outer.subscriptions == [Subscription(200, 600)])
    }

    @Test func switchLatest_innerErrorAfterSwitch_isIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createHotObservable([error(550, testError, Int.self)])
        let inner2 = scheduler.createHotObservable([next(560, 3)])
        let outer = scheduler.createHotObservable([next(300, inner1.asObservable()), next(500, inner2.asObservable())])
        let res = scheduler.start { outer.switchLatest() }
        #expect(res.events == [next(560, 3)])
    }

    @Test func switchLatest_innerCompletesWhileOuterLives_endsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([next(10, 1), completed(20)])
        let outer = scheduler.createHotObservable([next(300, inner.asObservable()), next(400, inner.asObservable()),
                                                   completed(500)])
        let res = scheduler.start { outer.switchLatest() }
        #expect(res.events == [next(310, 1), next(410, 1), completed(500)])
    }

    @Test func switchLatest_sameTickInnerEventBeforeSwitch_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let innerA = scheduler.createHotObservable([next(400, 7)])
        let innerB = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let outer = scheduler.createHotObservable([next(300, innerA.asObservable()), next(400, innerB.asObservable())])
        let res = scheduler.start { outer.switchLatest() }
        // innerA was created before outer, so its event at 400 is queued first.
        #expect(res.events == [next(400, 7)])
        #expect(innerA.subscriptions == [Subscription(300, 400)])
    }

    @Test func switchLatest_outputEndsInsideSubscribe_laterInnerGetsAZeroLengthEntry() {
        let scheduler = TestScheduler(initialClock: 0)
        let late = scheduler.createHotObservable([next(210, 1)])
        let outer = Observable<Observable<Int>>.create { observer in
            observer.onNext(.error(testError))
            observer.onNext(late.asObservable())
            return Disposables.create()
        }
        let res = scheduler.start { outer.switchLatest() }
        #expect(res.events == [error(200, testError)])
        #expect(late.subscriptions == [Subscription(200, 200)])
    }
}
