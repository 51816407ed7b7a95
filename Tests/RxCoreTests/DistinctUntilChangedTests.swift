import Testing
import RxCore
import RxTestKit

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
