import Testing
import RxCore
import RxTestKit

@Suite struct CombineLatestTests {
    @Test func combineLatest_emitsOnEveryEventOnceAllHaveValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1), next(230, 2), completed(300)])
        let b = scheduler.createHotObservable([next(220, 10), next(240, 20), completed(400)])
        let res = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        #expect(res.events == [next(220, 11), next(230, 12), next(240, 22), completed(400)])
        #expect(a.subscriptions == [Subscription(200, 300)])
        #expect(b.subscriptions == [Subscription(200, 400)])
    }

    @Test func combineLatest_twoSourcesOfObjects_releasesTheLatestValuesWithTheSubscription() {
        // The two-source sink keeps its latest values outside Swift's own fields: a value of
        // each type (a one-byte one first, so the second sits at an offset) must read back
        // whole, be replaced in place, and be released when the subscription ends.
        let live = LiveCount()
        do {
            let scheduler = TestScheduler(initialClock: 0)
            let flags = scheduler.createHotObservable([next(210, true), next(250, false)])
            let tokens = scheduler.createHotObservable([next(220, Token(1, live)), next(230, Token(2, live)), next(240, Token(3, live))])
            let res = scheduler.start { Observable.combineLatest(flags, tokens) { "\($0) \($1.value)" } }
            #expect(res.events == [next(220, "true 1"), next(230, "true 2"), next(240, "true 3"), next(250, "false 3")])
            #expect(live.count == 3)
        }
        #expect(live.count == 0)
    }

    @Test func combineLatest_sourceCompletesEmpty_completesAtNextElementOfLastLiveSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([completed(210, Int.self)])
        let b = scheduler.createHotObservable([next(215, 1), completed(220)])
        let res = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        #expect(res.events == [completed(215)])
        #expect(a.subscriptions == [Subscription(200, 210)])
        #expect(b.subscriptions == [Subscription(200, 215)])
    }

    @Test func combineLatest_threeSources_twoCompleteEmpty_completesAtThirdsElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([completed(210, Int.self)])
        let b = scheduler.createHotObservable([completed(220, Int.self)])
        let c = scheduler.createHotObservable([next(500, 1)])
        let res = scheduler.start { Observable.combineLatest(a, b, c) { $0 + $1 + $2 } }
        #expect(res.events == [completed(500)])
    }

    @Test func combineLatest_sameTickCompletionBeforeNext_completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = scheduler.createHotObservables(
            [[completed(250)], [next(250, 1)]], order: [(0, 0), (1, 0)])
        let res = scheduler.start { Observable.combineLatest(sources[0], sources[1]) { $0 + $1 } }
        #expect(res.events == [completed(250)])
    }

    @Test func combineLatest_sameTickNextBeforeCompletion_doesNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = scheduler.createHotObservables(
            [[completed(250)], [next(250, 1)]], order: [(1, 0), (0, 0)])
        let res = scheduler.start { Observable.combineLatest(sources[0], sources[1]) { $0 + $1 } }
        #expect(res.events.isEmpty)
    }

    @Test func combineLatest_errorFromEither_endsAndDisposesAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1)])
        let b = scheduler.createHotObservable([next(220, 2), error(230, testError)])
        let res = scheduler.start { Observable.combineLatest(a, b) { $0 * 10 + $1 } }
        #expect(res.events == [next(220, 12), error(230, testError)])
        #expect(a.subscriptions == [Subscription(200, 230)])
        #expect(b.subscriptions == [Subscription(200, 230)])
    }

    @Test func combineLatest_selectorThrows_errors() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1)])
        let b = scheduler.createHotObservable([next(220, 2)])
        let res = scheduler.start {
            Observable.combineLatest(a, b) { (_, _) -> Int in throw testError }
        }
        #expect(res.events == [error(220, testError)])
    }

    @Test func combineLatest_emptyCollection_emitsEmptyArrayAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<[Int]>.combineLatest([Observable<Int>]()) }
        #expect(res.events == [next(200, []), completed(200)])
    }

    @Test func combineLatest_collectionOfThree_emitsArrays() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = (1...3).map { i in scheduler.createHotObservable([next(200 + 10 * i, i)]) }
        let res = scheduler.start { Observable<[Int]>.combineLatest(xs) }
        #expect(res.events == [next(230, [1, 2, 3])])
    }

    @Test func combineLatest_eightSources_adapterOrdersArguments() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = (1...8).map { i in scheduler.createHotObservable([next(200 + i, i)]) }
        let res = scheduler.start {
            Observable.combineLatest(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[6], xs[7]) {
                [$0, $1, $2, $3, $4, $5, $6, $7]
            }
        }
        #expect(res.events == [next(208, [1, 2, 3, 4, 5, 6, 7, 8])])
    }

    @Test func combineLatest_disposeMidStream_unsubscribesAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1), next(600, 2)])
        let b = scheduler.createHotObservable([next(220, 3)])
        let res = scheduler.start(disposed: 500) { Observable.combineLatest(a, b) { $0 + $1 } }
        #expect(res.events == [next(220, 4)])
        #expect(a.subscriptions == [Subscription(200, 500)])
        #expect(b.subscriptions == [Subscription(200, 500)])
    }

    @Test func combineLatest_neverEmittingSource_neverEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1), completed(300)])
        let b = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        #expect(res.events.isEmpty)
        #expect(b.subscriptions == [Subscription(200, 1000)])
    }

    /// RxSwift subscribes every source even after an earlier one failed inside its subscribe
    /// call, and disposes the late subscription at once.
    @Test func combineLatest_firstFailsInsideSubscribe_laterSourceGetsAZeroLengthEntry() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start { Observable.combineLatest(Observable<Int>.error(testError), ys.asObservable()) { $0 + $1 } }
        #expect(res.events == [error(200, testError)])
        #expect(ys.subscriptions == [Subscription(200, 200)])
    }

    @Test func combineLatestCollection_firstFailsInsideSubscribe_laterSourcesGetZeroLengthEntries() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([next(10, 1)])
        let res = scheduler.start { Observable.combineLatest([Observable<Int>.error(testError), ys.asObservable()]) { $0 } }
        #expect(res.events == [error(200, testError)])
        #expect(ys.subscriptions == [Subscription(200, 200)])
    }
}

/// How many `Token`s are alive.
private final class LiveCount { var count = 0 }

/// A value whose lifetime `LiveCount` watches.
private final class Token {
    let value: Int
    private let live: LiveCount
    init(_ value: Int, _ live: LiveCount) { self.value = value; self.live = live; live.count += 1 }
    deinit { live.count -= 1 }
}
