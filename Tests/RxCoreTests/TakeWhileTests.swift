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

    /// An element fed back while the last one is delivered is dropped: the operator counts as
    /// finished before it forwards the last element (RxSwift's `running`).
    @Test func takeUntilPredicate_elementFedBackDuringTheLast_isDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        var received: [String] = []
        scheduler.scheduleAt(200) {
            _ = subject.take(until: { $0 >= 3 }, behavior: .inclusive).subscribe { event in
                received.append("\(event)")
                if case .next(3) = event { subject.onNext(0) }
            }
            subject.onNext(3)
        }
        scheduler.start()
        #expect(received == ["next(3)", "completed"])
    }
}
