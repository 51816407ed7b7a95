import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct EmptyModelTests {
    @Test func completesAtSubscription() {
        #expect(EmptyModel.outcome(scenario([])).events == [completed(200)])
    }
}
