import Testing
import RxCore
import RxTestKit

@Suite struct ShareTests {
    /// Subscribes `observers` to `shared` at their (subscribe, dispose) ticks and runs.
    private func run(_ scheduler: TestScheduler, _ shared: Observable<Int>, _ windows: [(Int, Int)]) -> [[Recorded<Event<Int>>]] {
        let observers = windows.map { _ in scheduler.createObserver(Int.self) }
        for (index, (start, end)) in windows.enumerated() {
            var subscription: Disposable?
            scheduler.scheduleAt(start) { subscription = shared.subscribe(observers[index]) }
            scheduler.scheduleAt(end) { subscription?.dispose() }
        }
        scheduler.start()
        return observers.map(\.events)
    }

    @Test func shareReplay1_lateSubscriberGetsLatestAtItsSubscribeTick_sourceSubscribedOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(260, 3)])
        let events = run(scheduler, xs.share(replay: 1), [(200, 300), (250, 350)])
        #expect(events[0] == [next(210, 1), next(220, 2), next(260, 3)])
        #expect(events[1] == [next(250, 2), next(260, 3)])
        #expect(xs.subscriptions == [Subscription(200, 350)])
    }

    @Test func whileConnected_allLeaveThenOneReturns_reconnectsWithEmptyBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), next(20, 2)])
        let events = run(scheduler, xs.share(replay: 1), [(200, 300), (400, 500)])
        #expect(events[0] == [next(210, 1), next(220, 2)])
        #expect(events[1] == [next(410, 1), next(420, 2)])
        #expect(xs.subscriptions == [Subscription(200, 300), Subscription(400, 500)])
    }

    @Test func whileConnected_afterSourceCompletes_nextSubscriberResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), completed(20)])
        let events = run(scheduler, xs.share(replay: 1), [(200, 1000), (300, 1000)])
        #expect(events[0] == [next(210, 1), completed(220)])
        #expect(events[1] == [next(310, 1), completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
    }

    @Test func forever_afterSourceTerminates_lateSubscriberGetsReplayAndTerminal_noResubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), completed(20)])
        let events = run(scheduler, xs.share(replay: 1, scope: .forever), [(200, 1000), (300, 1000)])
        #expect(events[0] == [next(210, 1), completed(220)])
        #expect(events[1] == [next(300, 1), completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func forever_reconnectAfterAllLeft_staleReplayFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), next(20, 2)])
        let events = run(scheduler, xs.share(replay: 1, scope: .forever), [(200, 300), (400, 500)])
        #expect(events[1] == [next(400, 2), next(410, 1), next(420, 2)])
        #expect(xs.subscriptions == [Subscription(200, 300), Subscription(400, 500)])
    }

    @Test func shareWithoutReplay_lateSubscriberMissesEarlierElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(260, 2)])
        let events = run(scheduler, xs.share(), [(200, 300), (250, 300)])
        #expect(events[1] == [next(260, 2)])
    }
}
