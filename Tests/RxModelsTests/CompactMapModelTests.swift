import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct CompactMapModelTests {
    @Test func dropsNils() {
        let outcome = CompactMapModel.outcome(scenario([hot([next(210, 1), next(220, 2), completed(230)])])) { $0 == 1 ? nil : $0 }
        #expect(outcome.events == [next(220, 2), completed(230)])
        #expect(outcome.sourceLogs == [[Subscription(200, 230)]])
    }
}
