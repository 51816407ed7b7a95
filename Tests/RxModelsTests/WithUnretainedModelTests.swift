import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct WithUnretainedModelTests {
    @Test func theElementThatReleasesTheObject_completesInstead() {
        let outcome = WithUnretainedModel.outcome(scenario([hot([next(210, 1), next(220, 4), next(230, 2)])]), releasedFrom: 3)
        #expect(outcome.events == [next(210, 1), completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }
}
