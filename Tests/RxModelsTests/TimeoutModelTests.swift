import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct TimeoutModelTests {
    /// The timer is armed before the source is subscribed, so it fires first.
    @Test func firstWindowFromSubscription_coldElementAtExactlyDLoses() {
        let outcome = TimeoutModel.outcome(scenario([cold([next(50, 1)])]), dueTicks: 50, withOther: false)
        #expect(outcome.events == [error(250, RxError.timeout)])
        #expect(outcome.sourceLogs == [[Subscription(200, 250)]])
    }

    @Test func hotElementAtTheDueTickWins_andReArms() {
        let outcome = TimeoutModel.outcome(scenario([hot([next(250, 1), next(290, 2)])]), dueTicks: 50, withOther: false)
        #expect(outcome.events == [next(250, 1), next(290, 2), error(340, RxError.timeout)])
    }

    @Test func other_subscribesOtherThenDropsSource() {
        let outcome = TimeoutModel.outcome(scenario([hot([next(210, 1), next(400, 2)]), cold([next(10, 9), completed(20)])]),
                                           dueTicks: 100, withOther: true)
        #expect(outcome.events == [next(210, 1), next(320, 9), completed(330)])
        #expect(outcome.sourceLogs == [[Subscription(200, 310)], [Subscription(310, 330)]])
        #expect(outcome.order == [.subscribe(.source(0)), .emit(0), .subscribe(.source(1)), .dispose(.source(0)), .emit(1), .emit(2),
                                  .release(.source(1))])
    }
}
