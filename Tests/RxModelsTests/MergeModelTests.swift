import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct MergeModelTests {
    @Test func sources_interleaveAndCompleteWhenAllComplete() {
        let outcome = MergeModel.outcome(scenario([
            hot([next(210, 1), completed(300)]), hot([next(220, 2), next(400, 3), completed(500)]),
        ]))
        #expect(outcome.events == [next(210, 1), next(220, 2), next(400, 3), completed(500)])
        #expect(outcome.sourceLogs == [[Subscription(200, 300)], [Subscription(200, 500)]])
    }

    @Test func synchronousSourceFirst_doesNotCompleteEarly() {
        let outcome = MergeModel.outcome(scenario([sync([next(0, 1), completed(0)]), hot([next(220, 2), completed(300)])]))
        #expect(outcome.events == [next(200, 1), next(220, 2), completed(300)])
    }

    @Test func errorFromOne_releasesAll() {
        let outcome = MergeModel.outcome(scenario([hot([error(250, testError)]), hot([next(220, 2)])]))
        #expect(outcome.events == [next(220, 2), error(250, testError)])
        #expect(outcome.sourceLogs[1] == [Subscription(200, 250)])
    }

    /// 1.4: static merge releases each source as it completes — a synchronous one as its
    /// subscribe call returns, before the next is subscribed — and completes only after its
    /// subscribe loop, after the last release.
    @Test func releasesEachSourceAsItCompletes_andCompletesAfterTheLoop() {
        let outcome = MergeModel.outcome(scenario([sync([completed(0)]), sync([next(0, 1), completed(0)])]))
        #expect(outcome.stepsIncludeReleases)
        #expect(outcome.order == [.subscribe(.source(0)), .release(.source(0)), .subscribe(.source(1)), .emit(0),
                                  .release(.source(1)), .emit(1)])
        // Releases in a row compare in canonical order: s1's at 200, then s0's at 210.
        let later = MergeModel.outcome(scenario([cold([completed(10)]), sync([completed(0)])]))
        #expect(later.order == [.subscribe(.source(0)), .subscribe(.source(1)), .release(.source(0)), .release(.source(1)), .emit(0)])
        #expect(later.events == [completed(210)])
    }

    /// A source after one that failed inside the loop is still subscribed, to nobody; one that
    /// completes there is released as its call returns, the rest when the loop is over.
    @Test func afterAFailureInsideTheLoop_aCompletingSourceIsReleasedAtOnce() {
        let outcome = MergeModel.outcome(scenario([sync([error(0, testError)]), sync([completed(0)]), hot([])]))
        #expect(outcome.order == [.subscribe(.source(0)), .emit(0), .subscribe(.source(1)), .release(.source(1)),
                                  .subscribe(.source(2)), .release(.source(0)), .dispose(.source(2))])
    }

    /// outer: inner0 at 210, inner1 at 220, completed at 230.
    @Test func outer_logEndsAtItsCompletionWhileInnersContinue() {
        let outcome = MergeModel.outcome(scenario(
            [hot([next(210, 0), next(220, 1), completed(230)])],
            inners: [cold([next(10, 1), completed(100)]), cold([next(5, 2), completed(20)])]), maxConcurrent: nil)
        #expect(outcome.events == [next(220, 1), next(225, 2), completed(310)])
        #expect(outcome.sourceLogs == [[Subscription(200, 230)]])
        #expect(outcome.innerLogs == [[Subscription(210, 310)], [Subscription(220, 240)]])
    }

    @Test func maxConcurrent_queuedColdInnerStartsWhenSlotFrees() {
        let outcome = MergeModel.outcome(scenario(
            [hot([next(210, 0), next(220, 1), completed(230)])],
            inners: [cold([next(10, 1), completed(50)]), cold([next(10, 2), completed(20)])]), maxConcurrent: 1)
        #expect(outcome.events == [next(220, 1), next(270, 2), completed(280)])
        #expect(outcome.innerLogs[1] == [Subscription(260, 280)])
    }

    @Test func maxConcurrent_errorNeverSubscribesQueued() {
        let outcome = MergeModel.outcome(scenario(
            [hot([next(210, 0), next(220, 1)])],
            inners: [cold([error(30, testError)]), cold([next(10, 2)])]), maxConcurrent: 1)
        #expect(outcome.events == [error(240, testError)])
        #expect(outcome.innerLogs[1].isEmpty)
        #expect(outcome.sourceLogs == [[Subscription(200, 240)]])
    }

    /// A value fed back into a synchronous outer starts a second inner inside the first one's
    /// subscribe call; the second fails, ending the output. The first still delivers its own
    /// error before its call returns — to nobody — so it ends by itself and is only released,
    /// never disposed while live.
    @Test func innerEndingAfterTheOutputInsideItsCall_isReleasedNotDisposed() {
        var fedBack = scenario([sync([next(0, 0), completed(0)])], inners: [sync([next(0, 0), error(0, testError)])])
        fedBack.feedback = Scenario.Feedback(after: 1, value: 0, source: 0)
        let outcome = MergeModel.outcome(fedBack, maxConcurrent: nil)
        #expect(outcome.events == [next(200, 0), next(200, 0), error(200, testError)])
        #expect(outcome.order == [.subscribe(.source(0)), .subscribe(.inner(0)), .emit(0), .subscribe(.inner(0)), .emit(1), .emit(2),
                                  .release(.source(0)), .release(.inner(0)), .release(.inner(0))])
    }

    /// 1.4: an inner that completes is released at once, before the queued one takes its slot.
    @Test func completedInner_isReleasedBeforeTheQueuedOneStarts() {
        let outcome = MergeModel.outcome(scenario([hot([next(210, 0), next(220, 0)])], inners: [cold([completed(20)])]), maxConcurrent: 1)
        // The second inner's release at 250 and the outer's dispose at 1000 follow one another:
        // compared as one sorted run.
        #expect(outcome.order == [.subscribe(.source(0)), .subscribe(.inner(0)), .release(.inner(0)), .subscribe(.inner(0)),
                                  .dispose(.source(0)), .release(.inner(0))])
    }
}
