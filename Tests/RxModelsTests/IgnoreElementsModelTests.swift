import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct IgnoreElementsModelTests {
    @Test func forwardsOnlyTheTerminal() {
        #expect(IgnoreElementsModel.outcome(scenario([hot([next(210, 1), completed(220)])])).events == [completed(220)])
        #expect(IgnoreElementsModel.outcome(scenario([hot([next(210, 1), error(220, testError)])])).events
                == [error(220, testError)])
    }
}
