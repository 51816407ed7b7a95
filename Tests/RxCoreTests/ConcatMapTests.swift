import Testing
import RxCore
import RxTestKit

@Suite struct ConcatMapTests {
    @Test func concatMap_selectorRunsAtArrivalInnerSubscribedOnItsTurn() {
        let scheduler = TestScheduler(initialClock: 0)
        var selectorTicks: [Int] = []
        let inner = scheduler.createColdObservable([next(10, 1), completed(30)])
        let outer = scheduler.createHotObservable([next(210, 1), next(215, 2), completed(300)])
        let res = scheduler.start {
            outer.concatMap { x -> Observable<Int> in
                selectorTicks.append(scheduler.clock)
                return inner.map { $0 * x }
            }
        }
        #expect(selectorTicks == [210, 215])
        #expect(res.events == [next(220, 1), next(250, 2), completed(300)])
        #expect(inner.subscriptions == [Subscription(210, 240), Subscription(240, 270)])
    }
}
