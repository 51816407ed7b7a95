import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct ConcatModelTests {
    @Test func coldSecondStartsAtFirstsCompletion() {
        let outcome = ConcatModel.outcome(scenario([cold([next(10, 1), completed(50)]), cold([next(10, 2), completed(20)])]))
        #expect(outcome.events == [next(210, 1), next(260, 2), completed(270)])
        #expect(outcome.sourceLogs == [[Subscription(200, 250)], [Subscription(250, 270)]])
    }

    @Test func hotSecondMissesEarlierEvents() {
        let outcome = ConcatModel.outcome(scenario([
            hot([next(210, 1), completed(300)]), hot([next(250, 2), next(350, 3), completed(400)]),
        ]))
        #expect(outcome.events == [next(210, 1), next(350, 3), completed(400)])
    }

    @Test func error_laterSourcesNeverSubscribed() {
        let outcome = ConcatModel.outcome(scenario([cold([error(10, testError)]), cold([next(10, 2)])]))
        #expect(outcome.events == [error(210, testError)])
        #expect(outcome.sourceLogs[1].isEmpty)
    }

    @Test func emptyList_completesAtSubscribe() {
        #expect(ConcatModel.outcome(scenario([])).events == [completed(200)])
    }

    /// 1.4: the finished source is released before the next is subscribed; the last one after
    /// the output completes.
    @Test func releasesEachFinishedSourceBeforeTheNext_andTheLastAfterCompleting() {
        let outcome = ConcatModel.outcome(scenario([cold([completed(10)]), cold([completed(10)])]))
        #expect(outcome.stepsIncludeReleases)
        #expect(outcome.order == [.subscribe(.source(0)), .release(.source(0)), .subscribe(.source(1)), .emit(0), .release(.source(1))])
    }

    /// A synchronous source is released once its subscribe call has returned — still before the
    /// next is subscribed.
    @Test func releasesASynchronousSourceBeforeTheNext() {
        let outcome = ConcatModel.outcome(scenario([sync([next(0, 1), completed(0)]), cold([next(10, 2)])]))
        #expect(outcome.order == [.subscribe(.source(0)), .emit(0), .release(.source(0)), .subscribe(.source(1)), .emit(1),
                                  .dispose(.source(1))])
    }
}
