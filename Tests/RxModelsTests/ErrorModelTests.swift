import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct ErrorModelTests {
    @Test func failsAtSubscription() {
        #expect(ErrorModel.outcome(scenario([]), identity: 3).events == [error(200, TestError(3))])
    }
}
