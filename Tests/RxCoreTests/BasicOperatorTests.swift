import Testing
import RxCore
import RxTestKit

@Suite struct MapTests {
    @Test func map_transformsAtSameTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), completed(230)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        #expect(res.events == [next(210, 2), next(220, 4), completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func map_throws_errorsAndDisposesSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2)])
        let res = scheduler.start { xs.map { x -> Int in if x == 2 { throw testError }; return x } }
        #expect(res.events == [next(210, 1), error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Suite struct FilterTests {
    @Test func filter_keepsMatching() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), error(230, testError)])
        let res = scheduler.start { xs.filter { $0 % 2 == 0 } }
        #expect(res.events == [next(220, 2), error(230, testError)])
    }
}

@Suite struct ScanTests {
    @Test func scan_emitsIntermediatesNotSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), completed(230)])
        let res = scheduler.start { xs.scan(10) { $0 + $1 } }
        #expect(res.events == [next(210, 11), next(220, 13), completed(230)])
    }

    @Test func scan_restartsFromSeedPerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), completed(20)])
        let scanned = xs.scan(0) { $0 + $1 }
        let res = scheduler.start { Observable.concat(scanned, scanned) }
        #expect(res.events == [next(210, 1), next(230, 1), completed(240)])
    }
}

@Suite struct DistinctUntilChangedTests {
    @Test func distinctUntilChanged_dropsEqualNeighbours() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 1), next(230, 2), next(240, 1), completed(250)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        #expect(res.events == [next(210, 1), next(230, 2), next(240, 1), completed(250)])
    }

    @Test func distinctUntilChanged_comparesWithLastEmittedNotLastReceived() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(230, 3)])
        // "equal" when within 1: 2 is dropped (vs 1); 3 is compared with 1, not 2, so it passes.
        let res = scheduler.start { xs.distinctUntilChanged { abs($0 - $1) <= 1 } }
        #expect(res.events == [next(210, 1), next(230, 3)])
    }

    @Test func distinctUntilChanged_keySelectorAndKeyPath() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, "a"), next(220, "b"), next(230, "cc")])
        let byCount = scheduler.start { xs.distinctUntilChanged { $0.count } }
        #expect(byCount.events == [next(210, "a"), next(230, "cc")])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([next(210, "a"), next(220, "b"), next(230, "cc")])
        let byPath = scheduler2.start { ys.distinctUntilChanged(at: \.count) }
        #expect(byPath.events == [next(210, "a"), next(230, "cc")])
    }

    @Test func distinctUntilChanged_comparerThrows_errors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2)])
        let res = scheduler.start { xs.distinctUntilChanged { (_: Int, _: Int) throws -> Bool in throw testError } }
        #expect(res.events == [next(210, 1), error(220, testError)])
    }
}

@Suite struct TakeTests {
    @Test func take_completesWithNthElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(230, 3)])
        let res = scheduler.start { xs.take(2) }
        #expect(res.events == [next(210, 1), next(220, 2), completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func take_zero_completesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start { xs.take(0) }
        #expect(res.events == [completed(200)])
        #expect(xs.subscriptions.isEmpty)
    }

    @Test func take_sourceCompletesFirst_forwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), completed(220)])
        let res = scheduler.start { xs.take(5) }
        #expect(res.events == [next(210, 1), completed(220)])
    }
}

@Suite struct SkipTests {
    @Test func skip_dropsFirstN() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(230, 3), completed(240)])
        let res = scheduler.start { xs.skip(2) }
        #expect(res.events == [next(230, 3), completed(240)])
    }

    @Test func skip_nonPositive_passesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start { xs.skip(-1) }
        #expect(res.events == [next(210, 1)])
    }
}

@Suite struct TakeUntilTests {
    @Test func takeUntil_otherNext_completesAndDisposesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(230, 3)])
        let other = scheduler.createHotObservable([next(225, 0)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [next(210, 1), next(220, 2), completed(225)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func takeUntil_otherCompletesEmpty_keepsMirroring() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(300, 2), completed(400)])
        let other = scheduler.createHotObservable([completed(250, Int.self)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [next(210, 1), next(300, 2), completed(400)])
        #expect(other.subscriptions == [Subscription(200, 250)])
    }

    @Test func takeUntil_coldTie_otherWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1)])
        let other = scheduler.createColdObservable([next(10, 0)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [completed(210)])
    }

    @Test func takeUntil_sourceCompletes_unsubscribesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([completed(300, Int.self)])
        let other = scheduler.createHotObservable([next(400, 0)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [completed(300)])
        #expect(other.subscriptions == [Subscription(200, 300)])
    }

    @Test func takeUntil_otherErrors_errors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let other = scheduler.createHotObservable([error(250, testError, Int.self)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [next(210, 1), error(250, testError)])
    }
}
