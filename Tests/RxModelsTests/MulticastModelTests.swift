import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct MulticastModelTests {
    @Test func everyElementReachesBothUses() {
        let outcome = MulticastModel.outcome(mergedWithOffset: scenario([hot([next(210, 1), next(220, 2), completed(230)])]))
        #expect(outcome.events == [next(210, 1), next(210, 101), next(220, 2), next(220, 102), completed(230)])
        #expect(outcome.sourceLogs == [[Subscription(200, 230)]])
    }
}
