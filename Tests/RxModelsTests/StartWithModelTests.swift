import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct StartWithModelTests {
    @Test func emitsPrefixAtSubscribeBeforeSubscribingSource() {
        let outcome = StartWithModel.outcome(scenario([hot([next(220, 3), completed(230)])]), prefix: [1, 2])
        #expect(outcome.events == [next(200, 1), next(200, 2), next(220, 3), completed(230)])
        #expect(outcome.sourceLogs == [[Subscription(200, 230)]])
        #expect(outcome.order.prefix(3) == [.emit(0), .emit(1), .subscribe(.source(0))])
    }

    @Test func sourceErrorsAtOnce_prefixStillEmitted() {
        let outcome = StartWithModel.outcome(scenario([sync([error(0, testError)])]), prefix: [1])
        #expect(outcome.events == [next(200, 1), error(200, testError)])
    }
}
