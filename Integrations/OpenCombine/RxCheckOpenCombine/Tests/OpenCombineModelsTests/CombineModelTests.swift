import Testing
import OpenCombineModels
import RxCore
import RxTestKit

/// The Combine models that differ from RxSwift's, against timelines derived by hand from Apple's
/// documentation and OpenCombine's tests (never from running an operator).
@Suite struct CombineModelTests {
    func hot(_ events: [(Int, TimelineValue)]) -> SourceTimeline { SourceTimeline(.hot, events.map { TimelineEvent($0.0, $0.1) }) }
    func cold(_ events: [(Int, TimelineValue)]) -> SourceTimeline { SourceTimeline(.cold, events.map { TimelineEvent($0.0, $0.1) }) }

    @Test func debounce_dropsThePendingElementAtTheCompletion() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (250, .next(2)), (255, .completed)])])
        let outcome = DebounceModel.outcome(scenario, dueTicks: 20)
        #expect(outcome.events == [.next(230, 1), .completed(255)])
        #expect(outcome.sourceLogs == [[Subscription(200, 255)]])
    }

    @Test func debounce_completionAtTheCancelTick_isLost() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (300, .completed)])], disposed: 300)
        #expect(DebounceModel.outcome(scenario, dueTicks: 20).events == [.next(230, 1)])
    }

    @Test func delay_delaysElementsAndFailures() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (220, .error(1))])])
        let outcome = DelayModel.outcome(scenario, dueTicks: 30)
        #expect(outcome.events == [.next(240, 1), .error(250, TestError(1))])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }

    @Test func timeout_finishesAfterTheQuietInterval_andRestartsAtEveryElement() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (225, .next(2))])])
        let outcome = TimeoutModel.outcome(scenario, dueTicks: 20)
        #expect(outcome.events == [.next(210, 1), .next(225, 2), .completed(245)])
        #expect(outcome.sourceLogs == [[Subscription(200, 245)]])
    }

    @Test func collectByCount_publishesAPartialArrayOnlyAtAFinish() {
        let finished = Scenario(sources: [hot([(210, .next(1)), (220, .next(2)), (230, .next(3)), (240, .completed)])])
        #expect(CollectByCountModel.outcome(finished, count: 2, encode: { $0.reduce(1) { $0 * 10 + $1 } }).events
                == [.next(220, 112), .next(240, 13), .completed(240)])
        let failed = Scenario(sources: [hot([(210, .next(1)), (220, .next(2)), (230, .next(3)), (240, .error(1))])])
        #expect(CollectByCountModel.outcome(failed, count: 2, encode: { $0.reduce(1) { $0 * 10 + $1 } }).events
                == [.next(220, 112), .error(240, TestError(1))])
    }

    @Test func contains_answersAtTheFirstMatch_orAtTheFinish() {
        let found = Scenario(sources: [hot([(210, .next(1)), (220, .next(2)), (230, .next(2))])])
        let outcome = ContainsModel.outcome(found, element: 2)
        #expect(outcome.events == [.next(220, 1), .completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
        let missing = Scenario(sources: [hot([(210, .next(1)), (230, .completed)])])
        #expect(ContainsModel.outcome(missing, element: 2).events == [.next(230, 0), .completed(230)])
    }

    @Test func allSatisfy_answersAtTheFirstFailure_orAtTheFinish() {
        let failing = Scenario(sources: [hot([(210, .next(1)), (220, .next(4))])])
        #expect(AllSatisfyModel.outcome(failing, predicate: { $0 < 3 }).events == [.next(220, 0), .completed(220)])
        let passing = Scenario(sources: [hot([(210, .next(1)), (230, .completed)])])
        #expect(AllSatisfyModel.outcome(passing, predicate: { $0 < 3 }).events == [.next(230, 1), .completed(230)])
    }

    /// OpenCombine's `testTerminatorFinishesWithoutProducingValues`: the other's completion changes nothing.
    @Test func prefixUntilOutput_ignoresTheOthersCompletion() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (230, .next(2))]), hot([(220, .completed)])])
        let outcome = PrefixUntilOutputModel.outcome(scenario)
        #expect(outcome.events == [.next(210, 1), .next(230, 2)])
        #expect(outcome.sourceLogs == [[Subscription(200, 1000)], [Subscription(200, 220)]])
    }

    /// After its element the other is never cancelled: its log stays open.
    @Test func prefixUntilOutput_leavesTheOtherOpenAfterItsElement() {
        let scenario = Scenario(sources: [hot([(210, .next(1))]), hot([(220, .next(9))])])
        let outcome = PrefixUntilOutputModel.outcome(scenario)
        #expect(outcome.events == [.next(210, 1), .completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)], [Subscription(200)]])
    }

    /// OpenCombine's `testOtherCompletesBeforeTriggering`: the other finishing first finishes the output.
    @Test func dropUntilOutput_finishesWhenTheOtherFinishesFirst() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (230, .next(2))]), hot([(220, .completed)])])
        let outcome = DropUntilOutputModel.outcome(scenario)
        #expect(outcome.events == [.completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)], [Subscription(200, 220)]])
    }

    /// A hot upstream's elements that come while k inners are live are lost; a cold one's wait.
    @Test func flatMapMaxPublishers_losesHotElements_butHoldsColdOnes() {
        let inners = [hot([(240, .next(7)), (250, .completed)])]
        let hotUpstream = Scenario(sources: [hot([(210, .next(0)), (220, .next(0))])], inners: inners)
        let lost = FlatMapMaxPublishersModel.outcome(hotUpstream, maxPublishers: 1)
        #expect(lost.events == [.next(240, 7)])
        #expect(lost.innerLogs == [[Subscription(210, 250)]])
        let coldUpstream = Scenario(sources: [cold([(10, .next(0)), (20, .next(0))])], inners: inners)
        let held = FlatMapMaxPublishersModel.outcome(coldUpstream, maxPublishers: 1)
        #expect(held.events == [.next(240, 7)])
        #expect(held.innerLogs == [[Subscription(210, 250), Subscription(250, 1000)]])
    }

    @Test func switchToLatest_cancelsThePreviousInner() {
        let inners = [hot([(230, .next(1)), (250, .next(2))]), hot([(240, .next(3)), (260, .completed)])]
        let scenario = Scenario(sources: [hot([(210, .next(0)), (235, .next(1)), (255, .completed)])], inners: inners)
        let outcome = SwitchToLatestModel.outcome(scenario)
        #expect(outcome.events == [.next(230, 1), .next(240, 3), .completed(260)])
        #expect(outcome.innerLogs == [[Subscription(210, 235)], [Subscription(235, 260)]])
    }

    /// `receive(on:)` hops: what reaches it at the tick the subscriber cancels is lost.
    @Test func receiveOn_losesTheCancelTicksEvents() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (300, .next(2))])], disposed: 300)
        #expect(ReceiveOnModel.outcome(scenario).events == [.next(210, 1)])
    }

    @Test func subscribeOn_cancelledAtTheSubscriptionTick_deliversNothing() {
        let scenario = Scenario(sources: [hot([(200, .next(1))])], disposed: 200)
        let outcome = SubscribeOnModel.outcome(scenario)
        #expect(outcome.events.isEmpty)
        #expect(outcome.sourceLogs == [[Subscription(200, 200)]])
    }

    /// An inner failure leaves the upstream subscribed (OpenCombine's
    /// `testAllSubscriptionsReleasedOnChildFailure`), open until it ends by itself.
    @Test func flatMap_innerFailureLeavesTheUpstreamOpen() {
        let scenario = Scenario(sources: [hot([(210, .next(0)), (400, .completed)])], inners: [hot([(220, .error(1))])])
        let outcome = FlatMapModel.outcome(scenario)
        #expect(outcome.events == [.error(220, TestError(1))])
        #expect(outcome.sourceLogs == [[Subscription(200, 400)]])
    }
}

@Suite struct MeasureIntervalModelTests {
    /// OpenCombine's `testBasicBehavior`: the first interval runs from the subscription.
    @Test func intervals_runFromTheSubscriptionAndThenFromEachElement() {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(240, .next(2)),
                                                               TimelineEvent(240, .next(3)), TimelineEvent(300, .completed)])])
        #expect(MeasureIntervalModel.outcome(scenario).events == [.next(210, 10), .next(240, 30), .next(240, 0), .completed(300)])
    }
}

/// OpenCombine's `ThrottleTests.testBasicBehavior` and `testReceiveCompletionImmediatelyAfterValue`,
/// on the grid: the first element goes out in its own tick, later ones wait for the interval.
@Suite struct ThrottleModelTests {
    let scenario = Scenario(sources: [SourceTimeline(.hot, [
        TimelineEvent(210, .next(1)), TimelineEvent(210, .next(2)), TimelineEvent(210, .next(3)),
        TimelineEvent(220, .next(4)), TimelineEvent(230, .next(5)), TimelineEvent(240, .completed),
    ])])

    @Test func latest_publishesTheNewestHeldElementAtEachOutput() {
        let outcome = ThrottleModel.outcome(scenario, dueTicks: 50, latest: true)
        #expect(outcome.events == [.next(210, 3), .next(260, 5), .completed(260)])
        #expect(outcome.sourceLogs == [[Subscription(200, 240)]])
    }

    @Test func first_publishesTheFirstHeldElementAtEachOutput() {
        let outcome = ThrottleModel.outcome(scenario, dueTicks: 50, latest: false)
        #expect(outcome.events == [.next(210, 1), .next(260, 4), .completed(260)])
    }

    @Test func aCompletionWithNothingScheduled_hopsInItsTick() {
        let quiet = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(300, .error(1))])])
        #expect(ThrottleModel.outcome(quiet, dueTicks: 50, latest: true).events == [.next(210, 1), .error(300, TestError(1))])
    }
}
