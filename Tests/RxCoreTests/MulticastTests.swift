import Testing
import RxCore
import RxTestKit

@Suite struct MulticastTests {
    @Test func publish_subscribingDoesNotTouchTheSource_connectDoes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(260, 2), next(310, 3)])
        let published = xs.publish()
        let observer = scheduler.createObserver(Int.self)
        var connection: Disposable?
        scheduler.scheduleAt(200) { _ = published.subscribe(observer) }
        scheduler.scheduleAt(250) { connection = published.connect() }
        scheduler.scheduleAt(300) { connection?.dispose() }
        scheduler.start()
        #expect(observer.events == [next(260, 2)])
        #expect(xs.subscriptions == [Subscription(250, 300)])
    }

    @Test func connect_whileConnected_returnsTheSameConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let published = xs.publish()
        var first: Disposable?
        var second: Disposable?
        scheduler.scheduleAt(200) { first = published.connect(); second = published.connect() }
        scheduler.start()
        #expect(first === second)
        #expect(xs.subscriptions == [Subscription(200)])
    }

    @Test func replay_lateSubscriberGetsTheBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(230, 3)])
        let replayed = xs.replay(2)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = replayed.connect() }
        scheduler.scheduleAt(240) { _ = replayed.subscribe(late) }
        scheduler.start()
        #expect(late.events == [next(240, 2), next(240, 3)])
    }

    @Test func sourceTerminal_endsTheConnection_nextConnectResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), completed(20)])
        let published = xs.publish()
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = published.subscribe(observer); _ = published.connect() }
        scheduler.scheduleAt(300) { _ = published.subscribe(observer); _ = published.connect() }
        scheduler.start()
        #expect(observer.events == [next(210, 1), completed(220), next(310, 1), completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
    }

    @Test func refCount_connectsAtFirstSubscriber_disconnectsAtLast_reconnectsAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), next(60, 2)])
        let shared = xs.publish().refCount()
        let a = scheduler.createObserver(Int.self), b = scheduler.createObserver(Int.self), c = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(a)) }
        scheduler.scheduleAt(220) { subscriptions.append(shared.subscribe(b)) }
        scheduler.scheduleAt(230) { subscriptions[0].dispose() }
        scheduler.scheduleAt(240) { subscriptions[1].dispose() }
        scheduler.scheduleAt(400) { subscriptions.append(shared.subscribe(c)) }
        scheduler.start()
        #expect(a.events == [next(210, 1)])
        #expect(b.events.isEmpty)
        #expect(c.events == [next(410, 1), next(460, 2)])
        #expect(xs.subscriptions == [Subscription(200, 240), Subscription(400)])
    }

    /// RxSwift's testReplayCount_Basic: disposing a connection discards its subject, so a
    /// subscriber of the next connection is replayed nothing from the earlier one.
    @Test func replay_disconnect_discardsTheSubject_nextConnectionReplaysNothingStale() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(410, 3)])
        let replayed = xs.replay(1)
        let early = scheduler.createObserver(Int.self), late = scheduler.createObserver(Int.self)
        var connection: Disposable?
        scheduler.scheduleAt(200) { _ = replayed.subscribe(early); connection = replayed.connect() }
        scheduler.scheduleAt(300) { connection?.dispose() }
        scheduler.scheduleAt(400) { _ = replayed.subscribe(late); _ = replayed.connect() }
        scheduler.start()
        #expect(early.events == [next(210, 1), next(220, 2)])
        #expect(late.events == [next(410, 3)])
        #expect(xs.subscriptions == [Subscription(200, 300), Subscription(400)])
    }

    @Test func replayRefCount_lastSubscriberLeaving_discardsTheBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(410, 2)])
        let shared = xs.replay(1).refCount()
        let first = scheduler.createObserver(Int.self), second = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        scheduler.scheduleAt(200) { subscription = shared.subscribe(first) }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.scheduleAt(400) { _ = shared.subscribe(second) }
        scheduler.start()
        #expect(first.events == [next(210, 1)])
        #expect(second.events == [next(410, 2)])
        #expect(xs.subscriptions == [Subscription(200, 300), Subscription(400)])
    }

    @Test func multicast_customSubject() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(230, 2)])
        let connectable = xs.multicast { BehaviorSubject(value: 0) }
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = connectable.subscribe(observer); _ = connectable.connect() }
        scheduler.start()
        #expect(observer.events == [next(200, 0), next(210, 1), next(230, 2)])
    }

    // MARK: multicast(_:selector:)

    @Test func multicastSelector_everyUseOfTheSharedSequenceSeesEveryElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), next(20, 2), completed(30)])
        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { shared in Observable.zip(shared, shared.skip(1)) { $0 * 10 + $1 } })
        }
        #expect(res.events == [next(220, 12), completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func multicastSelector_connectsAfterSubscribing_soASynchronousSourceReachesEveryUse() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.of(1, 2).multicast({ PublishSubject<Int>() }, selector: { shared in Observable.merge(shared, shared.map { $0 * 100 }) })
        }
        #expect(res.events == [next(200, 1), next(200, 100), next(200, 2), next(200, 200), completed(200)])
    }

    @Test func multicastSelector_eachSubscriptionHasItsOwnSubjectAndConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), completed(20)])
        let shared = xs.multicast({ ReplaySubject<Int>.createUnbounded() }, selector: { $0.map { $0 + 1 } })
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = shared.subscribe(first) }
        scheduler.scheduleAt(300) { _ = shared.subscribe(second) }
        scheduler.start()
        #expect(first.events == [next(210, 2), completed(220)])
        #expect(second.events == [next(310, 2), completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
    }

    @Test func multicastSelector_throwingFactoryOrSelector_failsAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let badFactory = scheduler.start {
            xs.multicast({ () throws -> PublishSubject<Int> in throw TestError(2) }, selector: { $0 })
        }
        #expect(badFactory.events == [error(200, TestError(2))])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([next(210, 1)])
        let badSelector = other.start {
            ys.multicast({ PublishSubject<Int>() }, selector: { (_: Observable<Int>) throws -> Observable<Int> in throw TestError(3) })
        }
        #expect(badSelector.events == [error(200, TestError(3))])
        #expect(xs.subscriptions.isEmpty)
        #expect(ys.subscriptions.isEmpty)
    }
}
