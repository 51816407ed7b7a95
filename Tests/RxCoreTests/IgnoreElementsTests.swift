import Testing
import RxCore
import RxTestKit

@Suite struct IgnoreElementsTests {
    @Test func ignoreElements_forwardsOnlyTheTerminal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), completed(220)])
        #expect(scheduler.start { xs.ignoreElements() }.events == [completed(220)])
    }
}
