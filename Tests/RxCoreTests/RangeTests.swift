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
}
