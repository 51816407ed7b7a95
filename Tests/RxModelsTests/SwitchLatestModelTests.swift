import Testing
import RxCore
import RxTestKit
import RxModels

/// sources[0] is the outer; its element k stands for inners[k].
@Suite struct SwitchLatestModelTests {
    @Test func outerCompletesWithLiveInner_waitsForIt() {
        let outcome = SwitchLatestModel.outcome(scenario(
            [hot([next(300, 0), next(500, 1), completed(600)])],
            inners: [hot([next(310, 1), next(410, 2), completed(700)]), hot([next(510, 3), completed(650)])]))
        #expect(outcome.events == [next(310, 1), next(410, 2), next(510, 3), completed(650)])
        #expect(outcome.innerLogs == [[Subscription(300, 500)], [Subscription(500, 650)]])
        #expect(outcome.sourceLogs == [[Subscription(200, 600)]])
    }

    /// The previous inner is released before the next is subscribed (RxSwift's serial
    /// assignment disposes it first).
    @Test func switching_releasesThePreviousInnerFirst() {
        let outcome = SwitchLatestModel.outcome(scenario(
            [hot([next(300, 0), next(500, 1)])], inners: [hot([]), hot([])]))
        #expect(outcome.order == [.subscribe(.source(0)), .subscribe(.inner(0)), .dispose(.inner(0)),
                                  .subscribe(.inner(1)), .dispose(.source(0)), .dispose(.inner(1))])
    }

    @Test func innerErrorAfterSwitch_isIgnored() {
        let outcome = SwitchLatestModel.outcome(scenario(
            [hot([next(300, 0), next(500, 1)])], inners: [hot([error(550, testError)]), hot([next(560, 3)])]))
        #expect(outcome.events == [next(560, 3)])
    }

    @Test func innerCompletesWhileOuterLives_endsNothing() {
        let outcome = SwitchLatestModel.outcome(scenario(
            [hot([next(300, 0), next(400, 0), completed(500)])], inners: [cold([next(10, 1), completed(20)])]))
        #expect(outcome.events == [next(310, 1), next(410, 1), completed(500)])
    }

    /// inner0 was scripted before the outer's second element at 400, so its event there comes first.
    @Test func sameTickInnerEventBeforeSwitch_isForwarded() {
        let sources = [hot([next(300, 0), next(400, 1)])]
        let inners = [hot([next(400, 7)]), hot([])]
        let order = [HotEventRef(inner: false, source: 0, index: 0), HotEventRef(inner: true, source: 0, index: 0),
                     HotEventRef(inner: false, source: 0, index: 1)]
        let outcome = SwitchLatestModel.outcome(scenario(sources, inners: inners, hotOrder: order))
        #expect(outcome.events == [next(400, 7)])
        #expect(outcome.innerLogs[0] == [Subscription(300, 400)])
    }

    /// A synchronous outer whose first inner fails inside subscribe: the next element still
    /// subscribes its inner, released at once.
    @Test func outputEndsInsideSubscribe_laterInnerGetsAZeroLengthEntry() {
        let outcome = SwitchLatestModel.outcome(scenario(
            [sync([next(0, 0), next(0, 1), completed(0)])], inners: [sync([error(0, testError)]), hot([next(210, 1)])]))
        #expect(outcome.events == [error(200, testError)])
        #expect(outcome.innerLogs[1] == [Subscription(200, 200)])
    }

    /// 1.4: the outer is released when it completes, and the last inner the moment it ends,
    /// before its completion is forwarded.
    @Test func releasesAnEndedInnerBeforeForwardingItsCompletion() {
        let outcome = SwitchLatestModel.outcome(scenario([hot([next(300, 0), completed(400)])], inners: [hot([completed(500)])]))
        #expect(outcome.order == [.subscribe(.source(0)), .subscribe(.inner(0)), .release(.source(0)), .release(.inner(0)), .emit(0)])
    }
}
