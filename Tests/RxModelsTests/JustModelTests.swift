import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct JustModelTests {
    @Test func elementAndCompletionAtSubscription() {
        #expect(JustModel.outcome(scenario([]), element: 42).events == [next(200, 42), completed(200)])
    }
}
