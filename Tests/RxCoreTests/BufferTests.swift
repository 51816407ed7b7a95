import Testing
import RxCore
import RxTestKit

@Suite struct BufferTests {
    @Test func buffer_rxswiftExample_emptyBuffersToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(205, 1), next(210, 2), next(240, 3), next(280, 4), next(320, 5),
                                                next(350, 6), next(370, 7), next(420, 8), next(470, 9), completed(600)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        #expect(res.events == [next(240, [1, 2, 3]), next(310, [4]), next(370, [5, 6, 7]), next(440, [8]), next(510, [9]),
                               next(580, [Int]()), next(600, [Int]()), completed(600)])
    }
}
