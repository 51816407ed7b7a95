import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct AmbModelTests {
    @Test func firstEventWins_othersReleasedAtOnce() {
        let outcome = AmbModel.outcome(scenario([
            hot([next(250, 1), completed(300)]), hot([next(220, 2), next(260, 3), completed(400)]),
        ]))
        #expect(outcome.events == [next(220, 2), next(260, 3), completed(400)])
        #expect(outcome.sourceLogs[0] == [Subscription(200, 220)])
    }

    /// The losers are released before the winning event goes out.
    @Test func losersReleasedBeforeTheWinningEvent() {
        let outcome = AmbModel.outcome(scenario([hot([]), hot([next(220, 2)])]))
        #expect(outcome.order.prefix(4) == [.subscribe(.source(0)), .subscribe(.source(1)), .dispose(.source(0)), .emit(0)])
    }

    @Test func completionFirst_wins() {
        let outcome = AmbModel.outcome(scenario([hot([completed(210)]), hot([next(220, 2)])]))
        #expect(outcome.events == [completed(210)])
        #expect(outcome.sourceLogs[1] == [Subscription(200, 210)])
    }

    @Test func emptyList_neverEmits() {
        #expect(AmbModel.outcome(scenario([])).events.isEmpty)
    }

    @Test func firstWinsInsideSubscribe_loserGetsAZeroLengthEntry() {
        let outcome = AmbModel.outcome(scenario([sync([completed(0)]), hot([next(210, 1)])]))
        #expect(outcome.events == [completed(200)])
        #expect(outcome.sourceLogs[1] == [Subscription(200, 200)])
    }

    /// 1.4: the losers go before the winning event, the winner after its terminal.
    @Test func releasesTheWinnerAfterItsTerminal() {
        let outcome = AmbModel.outcome(scenario([cold([completed(10)]), cold([])]))
        #expect(outcome.order == [.subscribe(.source(0)), .subscribe(.source(1)), .dispose(.source(1)), .emit(0), .release(.source(0))])
    }
}
