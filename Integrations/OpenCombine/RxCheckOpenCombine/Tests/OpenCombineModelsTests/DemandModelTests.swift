import Testing
import OpenCombineModels
import RxCore
import RxTestKit

/// The models that predict under the subscriber's demand, against timelines worked out by hand
/// from OpenCombine's tests (which also run against Apple's Combine), never from running an
/// operator. Parameters: the demand script's five (`DemandScript`), then the operator's.
@Suite struct DemandModelTests {
    func hot(_ events: [(Int, TimelineValue)]) -> SourceTimeline { SourceTimeline(.hot, events.map { TimelineEvent($0.0, $0.1) }) }
    func cold(_ events: [(Int, TimelineValue)]) -> SourceTimeline { SourceTimeline(.cold, events.map { TimelineEvent($0.0, $0.1) }) }

    /// `.max(1)` at subscription, `.max(2)` at 400.
    let oneThenTwoAt400 = [4, 0, 2, 0, 0]

    /// `.byRequest` asks for everything: a full buffer drops its oldest; `.finished` waits for a
    /// request even with nothing held (`testReceiveValueAfterCompleting`).
    @Test func buffer_byRequest_dropOldest_holdsTheNewest_andFinishesOnlyOnDemand() {
        let source = hot([(210, .next(1)), (220, .next(2)), (230, .next(3)), (240, .next(4)), (250, .completed)])
        let scenario = Scenario(sources: [source], parameters: oneThenTwoAt400 + [2, 0, 0])
        let outcome = BufferModel.outcome(scenario, size: 2, keepFull: false, whenFull: .dropOldest)
        #expect(outcome.events == [.next(210, 1), .next(400, 3), .next(400, 4)])
        #expect(outcome.sourceLogs == [[Subscription(200, 250)]])
    }

    @Test func buffer_byRequest_dropNewest_keepsTheOldest() {
        let source = hot([(210, .next(1)), (220, .next(2)), (230, .next(3)), (240, .next(4))])
        let scenario = Scenario(sources: [source], parameters: oneThenTwoAt400 + [2, 0, 1])
        let outcome = BufferModel.outcome(scenario, size: 2, keepFull: false, whenFull: .dropNewest)
        #expect(outcome.events == [.next(210, 1), .next(400, 2), .next(400, 3)])
    }

    /// A full `.customError` buffer cancels the upstream at once and fails at the next request,
    /// after what that request takes (`testBufferingInputFailingWhenBufferIsFull`).
    @Test func buffer_customError_cancelsAtOnce_andFailsAfterWhatTheRequestTakes() {
        let source = hot([(210, .next(1)), (220, .next(2)), (230, .next(3)), (240, .next(4))])
        let scenario = Scenario(sources: [source], parameters: oneThenTwoAt400 + [2, 0, 2])
        let outcome = BufferModel.outcome(scenario, size: 2, keepFull: false, whenFull: .customError(7))
        #expect(outcome.events == [.next(210, 1), .next(400, 2), .next(400, 3), .error(400, TestError(7))])
        #expect(outcome.sourceLogs == [[Subscription(200, 240)]])
    }

    /// `.keepFull` asks for `size`, and one more per element it publishes: a lossless upstream
    /// waits, and nothing is dropped.
    @Test func buffer_keepFull_asksForItsSize_andOneMorePerElementPublished() {
        let source = cold([(10, .next(1)), (20, .next(2)), (30, .next(3)), (40, .next(4)), (50, .completed)])
        let scenario = Scenario(sources: [source], parameters: [4, 0, 3, 0, 0] + [2, 1, 1])
        let outcome = BufferModel.outcome(scenario, size: 2, keepFull: true, whenFull: .dropNewest)
        #expect(outcome.events == [.next(210, 1), .next(500, 2), .next(500, 3), .next(500, 4)])
        #expect(outcome.sourceLogs == [[Subscription(200, 250)]])
    }

    @Test func buffer_withUnlimitedDemand_passesEverythingOn() {
        let source = hot([(210, .next(1)), (210, .next(2)), (220, .error(1))])
        let scenario = Scenario(sources: [source], parameters: [0, 0, 0, 0, 0] + [1, 0, 2])
        let outcome = BufferModel.outcome(scenario, size: 1, keepFull: false, whenFull: .customError(7))
        #expect(outcome.events == [.next(210, 1), .next(210, 2), .error(220, TestError(1))])
    }

    /// The result waits for the first request (`testBasicReductionBehavior`).
    @Test func count_withoutDemand_publishesAtTheFirstRequest() {
        let source = hot([(210, .next(1)), (220, .next(2)), (230, .completed)])
        let scenario = Scenario(sources: [source], parameters: [8, 0, 1, 0, 0])
        let outcome = CountModel.outcomeUnderDemand(scenario)
        #expect(outcome.events == [.next(300, 2), .completed(300)])
        #expect(outcome.sourceLogs == [[Subscription(200, 230)]])
    }

    @Test func collect_withoutDemand_andNoRequest_publishesNothing() {
        let source = hot([(210, .next(1)), (230, .completed)])
        let scenario = Scenario(sources: [source], parameters: [8, 0, 0, 0, 0])
        let outcome = CollectModel.outcomeUnderDemand(scenario, encode: { $0.reduce(1) { $0 * 10 + $1 } })
        #expect(outcome.events == [])
    }

    /// A failure without demand waits for the next request (`testErrorWhileDownstreamDemandIsZero`);
    /// a hot upstream's element without demand is lost at the source.
    @Test func replaceError_withoutDemand_replacesAtTheNextRequest() {
        let source = hot([(210, .next(1)), (215, .next(5)), (220, .error(1))])
        let scenario = Scenario(sources: [source], parameters: [4, 0, 1, 0, 0])
        let outcome = ReplaceErrorModel.outcomeUnderDemand(scenario, with: 9)
        #expect(outcome.events == [.next(210, 1), .next(300, 9), .completed(300)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }

    @Test func reduce_failure_goesOutWithoutDemand() {
        let source = cold([(10, .next(1)), (20, .error(2))])
        let scenario = Scenario(sources: [source], parameters: [8, 0, 0, 0, 0])
        let outcome = ReduceModel.outcomeUnderDemand(scenario, initialResult: 0, nextPartialResult: +)
        #expect(outcome.events == [.error(220, TestError(2))])
    }
}
