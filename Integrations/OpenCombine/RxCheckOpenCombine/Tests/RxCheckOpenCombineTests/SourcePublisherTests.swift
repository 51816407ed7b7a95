import Testing
import OpenCombine
import RxCheckOpenCombine
import RxCore
import RxTestKit

/// The scenario sources as publishers: what each flavour does with demand.
@Suite struct SourcePublisherTests {
    /// Subscribes at 200 with `initial` demand, asks for one more at 250, and records what arrives.
    func record(_ timeline: SourceTimeline, initial: Subscribers.Demand) -> (received: [String], log: [RxTestKit.Subscription]) {
        let clock = TestScheduler(initialClock: 0)
        let testable: TestableObservable<Int>?
        let observable: Observable<Int>
        switch timeline.flavor {
        case .hot, .behavior:
            let hot = clock.createHotObservable(timeline.recorded)
            testable = hot
            observable = hot.asObservable()
        case .cold:
            let cold = clock.createColdObservable(timeline.recorded)
            testable = cold
            observable = cold.asObservable()
        case .synchronous:
            testable = nil
            observable = Observable.from(timeline.events.compactMap { if case .next(let v) = $0.value { return v } else { return nil } })
        }
        let log = ContractLog(clock: { clock.clock })
        let publisher = SourcePublisher(observable, flavor: timeline.flavor, name: "s0", log: log)
        var received: [String] = []
        var subscription: OpenCombine.Subscription?
        let subscriber = AnySubscriber<Int, TestError>(
            receiveSubscription: { subscription = $0; $0.request(initial) },
            receiveValue: { received.append("\($0)@\(clock.clock)"); return .none },
            receiveCompletion: { received.append("\($0)@\(clock.clock)") })
        clock.scheduleAt(200) { publisher.subscribe(subscriber) }
        clock.scheduleAt(250) { subscription?.request(.max(1)) }
        clock.scheduleAt(400) { subscription?.cancel() }
        clock.start()
        #expect(log.violations.isEmpty)
        return (received, testable?.subscriptions ?? [])
    }

    @Test func hot_dropsWhatIsNotDemanded() {
        let result = record(SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(220, .next(2)),
                                                 TimelineEvent(260, .next(3)), TimelineEvent(270, .next(4))]), initial: .max(1))
        #expect(result.received == ["1@210", "3@260"])
        #expect(result.log == [RxTestKit.Subscription(200, 400)])
    }

    @Test func cold_holdsElementsUntilAsked_thenCompletes() {
        let result = record(SourceTimeline(.cold, [TimelineEvent(10, .next(1)), TimelineEvent(20, .next(2)),
                                                  TimelineEvent(30, .completed)]), initial: .max(1))
        #expect(result.received == ["1@210", "2@250", "finished@250"])
        #expect(result.log == [RxTestKit.Subscription(200, 230)])
    }

    @Test func behavior_keepsOnlyTheLatestForASubscriberWithoutDemand() {
        let result = record(SourceTimeline(.behavior, [TimelineEvent(210, .next(1)), TimelineEvent(220, .next(2)),
                                                      TimelineEvent(230, .next(3))]), initial: .max(1))
        #expect(result.received == ["1@210", "3@250"])
    }

    @Test func requestingZero_isABreach() {
        let clock = TestScheduler(initialClock: 0)
        let log = ContractLog(clock: { clock.clock })
        let publisher = SourcePublisher(Observable.just(1), flavor: .synchronous, name: "s0", log: log)
        let subscriber = AnySubscriber<Int, TestError>(receiveSubscription: { $0.request(.none) },
                                                       receiveValue: { _ in .none }, receiveCompletion: { _ in })
        publisher.subscribe(subscriber)
        #expect(log.violations.map(\.rule) == [.positiveDemand])
    }
}
