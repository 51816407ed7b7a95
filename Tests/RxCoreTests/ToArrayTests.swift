import Testing
import RxCore
import RxTestKit

@Suite struct ToArrayTests {
    @Test func toArray_emptyIsEmptyArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([completed(230, Int.self)])
        #expect(scheduler.start { xs.toArray().asObservable() }.events == [next(230, [Int]()), completed(230)])
    }
}
