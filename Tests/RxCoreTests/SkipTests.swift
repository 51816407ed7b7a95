import Testing
import RxCore
import RxTestKit

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
