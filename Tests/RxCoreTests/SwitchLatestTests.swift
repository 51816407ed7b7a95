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

    @Test func flatMapLatest_switchesToNewestInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([next(10, 1), next(100, 2)])
        let outer = scheduler.createHotObservable([next(300, 10), next(350, 20), completed(400)])
        let res = scheduler.start { outer.flatMapLatest { x in inner.map { $0 + x } } }
        #expect(res.events == [next(310, 11), next(360, 21), next(450, 22)])
        #expect(inner.subscriptions == [Subscription(300, 350), Subscription(350, 1000)])
    }
}

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
}

@Suite struct StartWithTests {
    @Test func startWith_emitsPrefixAtSubscribeBeforeSubscribingSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(220, 3), completed(230)])
        let res = scheduler.start { xs.startWith(1, 2) }
        #expect(res.events == [next(200, 1), next(200, 2), next(220, 3), completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func startWith_chained_outermostFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.never().startWith(1).startWith(2) }
        #expect(res.events == [next(200, 2), next(200, 1)])
    }

    @Test func startWith_sourceErrorsAtOnce_prefixStillEmitted() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.error(testError).startWith(1) }
        #expect(res.events == [next(200, 1), error(200, testError)])
    }
}

@Suite struct SampleTests {
    @Test func sample_defaultValue_rxswiftTest() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([next(240, 3), next(310, 6), completed(400)])
        let sampler = scheduler.createHotObservable([next(210, "a"), next(250, "b"), next(260, "c"), next(320, "d"),
                                                     completed(500)])
        let res = scheduler.start { source.sample(sampler, defaultValue: 0) }
        #expect(res.events == [next(210, 0), next(250, 3), next(260, 0), next(320, 6), next(500, 0), completed(500)])
    }

    @Test func sample_emitsEachValueAtMostOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([next(220, 1)])
        let sampler = scheduler.createHotObservable([next(230, 0), next(240, 0)])
        let res = scheduler.start { source.sample(sampler) }
        #expect(res.events == [next(230, 1)])
    }

    @Test func sample_samplerCompletesBeforeSource_neverTerminates() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([next(220, 1), completed(400)])
        let sampler = scheduler.createHotObservable([completed(300, Int.self)])
        let res = scheduler.start { source.sample(sampler) }
        #expect(res.events == [next(300, 1)])
        #expect(source.subscriptions == [Subscription(200, 400)])
        #expect(sampler.subscriptions == [Subscription(200, 300)])
    }

    @Test func sample_coldSourceWinsTies() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([next(10, 1)])
        let sampler = scheduler.createColdObservable([next(10, 0)])
        let res = scheduler.start { source.sample(sampler) }
        #expect(res.events == [next(210, 1)])
    }
}
