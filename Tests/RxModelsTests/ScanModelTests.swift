import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct ScanModelTests {
    @Test func emitsIntermediatesNotSeed() {
        let outcome = ScanModel.outcome(scenario([hot([next(210, 1), next(220, 2), completed(230)])]), seed: 10) { $0 + $1 }
        #expect(outcome.events == [next(210, 11), next(220, 13), completed(230)])
    }
}
