import Testing
import RxCore
import RxTestKit

@Suite struct TakeWhileTests {
    @Test func takeWhile_exclusiveDropsTheFailingElement_inclusiveEmitsIt() {
        let events: [Recorded<Event<Int>>] = [next(210, 1), next(220, 5), next(230, 1)]
        let exclusive = runHot(events) { $0.take(while: { $0 < 3 }) }
        #expect(exclusive.0 == [next(210, 1), completed(220)])
        #expect(exclusive.1 == [Subscription(200, 220)])
        #expect(runHot(events) { $0.take(until: { $0 >= 3 }, behavior: .inclusive) }.0 == [next(210, 1), next(220, 5), completed(220)])
    }
}
