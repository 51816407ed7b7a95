import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct DistinctUntilChangedModelTests {
    @Test func dropsEqualNeighbours() {
        let outcome = DistinctUntilChangedModel.outcome(scenario([hot([next(210, 1), next(220, 1), next(230, 2), next(240, 1), completed(250)])]))
        #expect(outcome.events == [next(210, 1), next(230, 2), next(240, 1), completed(250)])
    }

    /// "Equal" when within 1: 2 is dropped (against 1); 3 is compared with 1, not 2, so it passes.
    @Test func comparesWithLastEmittedNotLastReceived() {
        let outcome = DistinctUntilChangedModel.outcome(scenario([hot([next(210, 1), next(220, 2), next(230, 3)])])) { abs($0 - $1) <= 1 }
        #expect(outcome.events == [next(210, 1), next(230, 3)])
    }
}
