import Testing
import RxCore
import RxTestKit
import RxModels

/// sources[0] is the source, sources[1] the sampler.
@Suite struct SampleModelTests {
    @Test func defaultValue_rxswiftExample() {
        let outcome = SampleModel.outcome(scenario([
            hot([next(240, 3), next(310, 6), completed(400)]),
            hot([next(210, 0), next(250, 0), next(260, 0), next(320, 0), completed(500)]),
        ]), defaultValue: 0)
        #expect(outcome.events == [next(210, 0), next(250, 3), next(260, 0), next(320, 6), next(500, 0), completed(500)])
    }

    @Test func emitsEachValueAtMostOnce() {
        let outcome = SampleModel.outcome(scenario([hot([next(220, 1)]), hot([next(230, 0), next(240, 0)])]), defaultValue: nil)
        #expect(outcome.events == [next(230, 1)])
    }

    @Test func samplerCompletesBeforeSource_neverTerminates() {
        let outcome = SampleModel.outcome(scenario([hot([next(220, 1), completed(400)]), hot([completed(300)])]), defaultValue: nil)
        #expect(outcome.events == [next(300, 1)])
        #expect(outcome.sourceLogs == [[Subscription(200, 400)], [Subscription(200, 300)]])
    }

    @Test func coldSourceWinsTies() {
        let outcome = SampleModel.outcome(scenario([cold([next(10, 1)]), cold([next(10, 0)])]), defaultValue: nil)
        #expect(outcome.events == [next(210, 1)])
    }

    /// RxSwift's sampler sink forwards the sample, then completes if the source has ended: a
    /// tick the observer sends into the sampler while receiving the sample comes first, with the
    /// default value, and completes the output itself.
    @Test func samplerTickFedBackDuringTheSample_isHandledBeforeTheCompletion() {
        let sources = [hot([completed(210)]), hot([next(210, 0), next(210, 0)])]
        let order = [HotEventRef(inner: false, source: 1, index: 0), HotEventRef(inner: false, source: 0, index: 0),
                     HotEventRef(inner: false, source: 1, index: 1)]
        var fedBack = scenario(sources, hotOrder: order)
        fedBack.feedback = Scenario.Feedback(after: 2, value: 0, source: 1)
        let outcome = SampleModel.outcome(fedBack, defaultValue: 9)
        #expect(outcome.events == [next(210, 9), next(210, 9), next(210, 9), completed(210)])
    }
}
