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

    /// The model keeps each source's flags as bits up to 64 sources and in arrays beyond: at
    /// 2, 64 and 65 sources it agrees with the operator — combining once all have a value,
    /// completing when all are done, and completing early once every other source is done
    /// while one never had a value.
    @Test(arguments: [2, 64, 65])
    func manySources_agreeWithTheOperator(count: Int) {
        let valued = (0..<count).map { hot([next(210 + $0, $0), completed(400 + $0)]) }
        let oneEmpty = (0..<count).map { $0 == count - 1 ? hot([next(700, 1)]) : hot([completed(300 + $0)]) }
        let oneLate = (0..<count).map { $0 == 0 ? hot([next(600, 5), completed(650)]) : hot([next(210 + $0, $0), completed(400 + $0)]) }
        for sources in [valued, oneEmpty, oneLate] {
            let scenario = scenario(sources)
            let modelled = CombineLatestModel.outcome(scenario) { $0.reduce(0, +) }
            let run = scenario.run { Observable.combineLatest($0.sources) { $0.reduce(0, +) } }
            #expect(modelled.events == run.outcome.events, "\(count) sources")
            #expect(modelled.sourceLogs == run.outcome.sourceLogs, "\(count) sources")
            #expect(!modelled.events.isEmpty)
        }
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
