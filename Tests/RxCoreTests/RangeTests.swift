import Testing
import RxCore
import RxTestKit

@Suite struct RangeTests {
    @Test func range_onVirtualScheduler_onePerTick() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Observable<Int>.range(start: 5, count: 3, scheduler: scheduler) }.events
                == [next(201, 5), next(202, 6), next(203, 7), completed(204)])
        #expect(TestScheduler(initialClock: 0).start { Observable<Int>.range(start: 1, count: 2) }.events
                == [next(200, 1), next(200, 2), completed(200)])
    }

    @Test func generate_throwingIterate_errors() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { $0 < 5 }) { state in
                if state == 1 { throw testError }
                return state + 1
            }
        }
        #expect(res.events == [next(200, 0), next(200, 1), error(200, testError)])
    }

    @Test func justScheduled_andRepeatElement() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Observable.just(4, scheduler: scheduler) }.events == [next(201, 4), completed(202)])
        let scheduler2 = TestScheduler(initialClock: 0)
        #expect(scheduler2.start(disposed: 204) { Observable.repeatElement(7, scheduler: scheduler2) }.events
                == [next(201, 7), next(202, 7), next(203, 7)])
    }

    /// RxSwift emits Int.max and completes; counting by value overflowed and trapped.
    @Test func range_endingAtTheMaximum_emitsItAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.range(start: Int.max, count: 1, scheduler: scheduler) }
        #expect(res.events == [next(201, Int.max), completed(202)])
        let low = TestScheduler(initialClock: 0).start { Observable<Int8>.range(start: 126, count: 2) }
        #expect(low.events == [next(200, Int8(126)), next(200, Int8(127)), completed(200)])
    }

    @Test func range_pastTheMaximumOrNegative_isAnErrorNotATrap() {
        for (start, count) in [(Int.max, 2), (0, -1), (Int.min, -1)] {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int>.range(start: start, count: count) }
            #expect(res.events == [.error(200, RxError.argumentOutOfRange)], "range(start: \(start), count: \(count))")
        }
    }

    @Test func range_fromTheMinimum_countsUp() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.range(start: Int.min, count: 2) }
        #expect(res.events == [next(200, Int.min), next(200, Int.min + 1), completed(200)])
    }
}
