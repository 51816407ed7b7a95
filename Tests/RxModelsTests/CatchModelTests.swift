import Testing
import RxCore
import RxTestKit
import RxModels

/// sources[0] is the source, sources[1] the fallback.
@Suite struct CatchModelTests {
    @Test func subscribesTheFallbackAtTheErrorTick() {
        let outcome = CatchModel.outcome(scenario([hot([next(210, 1), error(220, testError)]), cold([next(10, 7), completed(20)])]))
        #expect(outcome.events == [next(210, 1), next(230, 7), completed(240)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)], [Subscription(220, 240)]])
    }

    @Test func andReturn_emitsAndCompletesAtTheErrorTick() {
        let outcome = CatchModel.outcome(scenario([hot([error(220, testError)])]), returning: 9)
        #expect(outcome.events == [next(220, 9), completed(220)])
    }

    /// 1.4: the fallback is subscribed — and delivers what it delivers inside that call — before
    /// the failed source is released (RxSwift assigns the fallback's subscription in its place).
    @Test func subscribesTheFallbackBeforeReleasingTheFailedSource() {
        let outcome = CatchModel.outcome(scenario([cold([error(10, testError)]), sync([next(0, 5)])]))
        #expect(outcome.order == [.subscribe(.source(0)), .subscribe(.source(1)), .emit(0), .release(.source(0)), .dispose(.source(1))])
    }
}
