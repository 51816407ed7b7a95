import Testing
import RxCore
import RxTestKit
import RxModels

/// Pairs are encoded as index * 10 + element.
@Suite struct EnumeratedModelTests {
    @Test func countsFromZero() {
        let outcome = EnumeratedModel.outcome(scenario([hot([next(210, 7), next(220, 8), completed(230)])]))
        #expect(outcome.events == [next(210, 7), next(220, 18), completed(230)])
    }
}
