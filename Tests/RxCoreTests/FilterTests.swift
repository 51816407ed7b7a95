import Testing
import RxCore
import RxTestKit

@Suite struct FilterTests {
    @Test func filter_keepsMatching() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), error(230, testError)])
        let res = scheduler.start { xs.filter { $0 % 2 == 0 } }
        #expect(res.events == [next(220, 2), error(230, testError)])
    }
}
