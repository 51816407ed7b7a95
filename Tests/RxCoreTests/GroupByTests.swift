import Testing
import RxCore
import RxTestKit

@Suite struct GroupByTests {
    private static let events: [Recorded<Event<Int>>] =
        [next(210, 1), next(220, 2), next(230, 3), next(240, 4), next(250, 5), completed(260)]

    @Test func groupBy_oneGroupPerKey_deliveredJustBeforeItsFirstElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        let res = scheduler.start { xs.groupBy { $0 % 2 }.flatMap { group in group.map { group.key * 100 + $0 } } }
        #expect(res.events == [next(210, 101), next(220, 2), next(230, 103), next(240, 4), next(250, 105), completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test func groupBy_keys_inTheOrderTheyFirstAppear() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        let res = scheduler.start { xs.groupBy { $0 % 3 }.map { $0.key } }
        #expect(res.events == [next(210, 1), next(220, 2), next(230, 0), completed(260)])
    }

    @Test func groupBy_sourceStaysSubscribedWhileAGroupIsSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        // take(1) leaves the groups' observer at the first group; its subscription holds the source.
        let res = scheduler.start { xs.groupBy { $0 % 2 }.take(1).flatMap { $0 } }
        #expect(res.events == [next(210, 1), next(230, 3), next(250, 5), completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test func groupBy_sourceReleasedOnceTheLastHolderLeaves() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        let res = scheduler.start { xs.groupBy { $0 % 2 }.take(1).flatMap { $0.take(2) } }
        #expect(res.events == [next(210, 1), next(230, 3), completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func groupBy_aGroupOutlivesItsSubscribers_noNewGroupForItsKey() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        let res = scheduler.start { xs.groupBy { $0 % 2 }.flatMap { group in group.take(1).map { group.key * 100 + $0 } } }
        #expect(res.events == [next(210, 101), next(220, 2), completed(260)])
    }

    @Test func groupBy_lateGroupSubscriberMissesEarlierElements_andGetsTheTerminal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        let late = scheduler.createObserver(Int.self)
        var groups: [GroupedObservable<Int, Int>] = []
        scheduler.scheduleAt(200) { _ = xs.groupBy { $0 % 2 }.subscribe(onNext: { groups.append($0) }) }
        scheduler.scheduleAt(235) { _ = groups[0].subscribe(late) }
        scheduler.start()
        #expect(late.events == [next(250, 5), completed(260)])
    }

    @Test func groupBy_errorReachesTheGroupsFirst_thenTheOutput() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), error(230, TestError(2), Int.self)])
        var order: [String] = []
        let res = scheduler.start {
            xs.groupBy { $0 % 2 }
                .do(onNext: { group in _ = group.subscribe(onError: { _ in order.append("group \(group.key)") }) },
                    onError: { _ in order.append("output") })
                .map { $0.key }
        }
        #expect(res.events == [next(210, 1), next(220, 0), error(230, TestError(2))])
        #expect(order == ["group 1", "group 0", "output"])
    }

    @Test func groupBy_throwingKeySelector_failsGroupsAndOutput() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        let res = scheduler.start {
            xs.groupBy { value -> Int in
                if value == 3 { throw TestError(5) }
                return value % 2
            }.flatMap { $0.asObservable() }
        }
        #expect(res.events == [next(210, 1), next(220, 2), error(230, TestError(5))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }
}
