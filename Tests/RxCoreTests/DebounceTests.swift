import Testing
import RxCore
import RxTestKit

@Suite struct DebounceTests {
    @Test func debounce_pendingFlushedOnCompletion_lostOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), next(300, 3), completed(310)])
        let res = scheduler.start { xs.debounce(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [next(270, 2), next(310, 3), completed(310)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([next(210, 1), error(220, testError, Int.self)])
        #expect(scheduler2.start { ys.debounce(.seconds(50), scheduler: scheduler2) }.events == [error(220, testError)])
    }

    @Test func debounce_elementAtTheDueTick_replacesThePendingOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(260, 2)])
        let res = scheduler.start { xs.debounce(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [next(310, 2)])
    }
}
