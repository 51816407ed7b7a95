import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct CombineLatestModelTests {
    @Test func emitsOnEveryEventOnceAllHaveValues() {
        let outcome = CombineLatestModel.outcome(scenario([
            hot([next(210, 1), next(230, 2), completed(300)]),
            hot([next(220, 10), next(240, 20), completed(400)]),
        ])) { $0.reduce(0, +) }
        #expect(outcome.events == [next(220, 11), next(230, 12), next(240, 22), completed(400)])
        #expect(outcome.sourceLogs == [[Subscription(200, 300)], [Subscription(200, 400)]])
    }

    @Test func sourceCompletesEmpty_completesAtNextElementOfLastLiveSource() {
        let outcome = CombineLatestModel.outcome(scenario([
            hot([completed(210)]), hot([next(215, 1), completed(220)]),
        ])) { $0.reduce(0, +) }
        #expect(outcome.events == [completed(215)])
        #expect(outcome.sourceLogs == [[Subscription(200, 210)], [Subscription(200, 215)]])
    }

    @Test func sameTickCompletionBeforeNext_completes() {
        let sources = [hot([completed(250)]), hot([next(250, 1)])]
        let outcome = CombineLatestModel.outcome(scenario(sources, hotOrder: [
            HotEventRef(inner: false, source: 0, index: 0), HotEventRef(inner: false, source: 1, index: 0),
        ])) { $0.reduce(0, +) }
        #expect(outcome.events == [completed(250)])
    }

    @Test func sameTickNextBeforeCompletion_doesNotComplete() {
        let sources = [hot([completed(250)]), hot([next(250, 1)])]
        let outcome = CombineLatestModel.outcome(scenario(sources, hotOrder: [
            HotEventRef(inner: false, source: 1, index: 0), HotEventRef(inner: false, source: 0, index: 0),
        ])) { $0.reduce(0, +) }
        #expect(outcome.events.isEmpty)
    }

    @Test func errorFromEither_endsAndReleasesAll() {
        let outcome = CombineLatestModel.outcome(scenario([
            hot([next(210, 1)]), hot([next(220, 2), error(230, testError)]),
        ])) { $0[0] * 10 + $0[1] }
        #expect(outcome.events == [next(220, 12), error(230, testError)])
        #expect(outcome.sourceLogs == [[Subscription(200, 230)], [Subscription(200, 230)]])
    }

    /// The first source fails inside subscribe: the second is still subscribed, and released at
    /// once (RxSwift subscribes every source in a loop).
    @Test func firstFailsInsideSubscribe_secondGetsAZeroLengthEntry() {
        let outcome = CombineLatestModel.outcome(scenario([sync([error(0, testError)]), hot([next(210, 1)])])) {
            $0.reduce(0, +)
        }
        #expect(outcome.events == [error(200, testError)])
        #expect(outcome.sourceLogs == [[], [Subscription(200, 200)]])
        #expect(outcome.order == [.subscribe(.source(0)), .emit(0), .subscribe(.source(1)), .dispose(.source(1))])
    }

    /// A synchronous first source delivers before the second is subscribed.
    @Test func synchronousFirst_deliversBeforeTheSecondIsSubscribed() {
        let outcome = CombineLatestModel.outcome(scenario([sync([next(0, 1)]), sync([next(0, 2)])])) { $0[0] * 10 + $0[1] }
        #expect(outcome.events == [next(200, 12)])
        #expect(outcome.order == [.subscribe(.source(0)), .subscribe(.source(1)), .emit(0), .dispose(.source(0)),
                                  .dispose(.source(1))])
    }
}
