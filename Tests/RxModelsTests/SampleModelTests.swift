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
}
