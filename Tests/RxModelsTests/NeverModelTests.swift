import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct NeverModelTests {
    @Test func nothingEver() {
        #expect(NeverModel.outcome(scenario([])).events.isEmpty)
    }
}
