import Testing
import RxCore
import RxTestKit

@Suite struct MaterializeTests {
    @Test func materialize_neverFails_dematerializeRestores() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), error(220, testError)])
        let res = scheduler.start { xs.materialize() }
        #expect(res.events == [next(210, Event.next(1)), next(220, Event<Int>.error(testError)), completed(220)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([next(210, 1), error(220, testError)])
        #expect(scheduler2.start { ys.materialize().dematerialize() }.events == [next(210, 1), error(220, testError)])
    }
}
