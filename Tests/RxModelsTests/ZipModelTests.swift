import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct ZipModelTests {
    @Test func pairsByPosition_completesWhenAllComplete() {
        let outcome = ZipModel.outcome(scenario([hot([next(210, 1), completed(220)]), hot([next(215, 4), completed(225)])]),
                                       completesLazily: false) { $0[0] * 10 + $0[1] }
        #expect(outcome.events == [next(215, 14), completed(225)])
    }

    @Test func fixedArity_emptyCompletedSource_waitsForAll() {
        let outcome = ZipModel.outcome(scenario([hot([completed(210)]), hot([next(215, 1), completed(220)])]),
                                       completesLazily: false) { $0.reduce(0, +) }
        #expect(outcome.events == [completed(220)])
    }

    @Test func collection_completesLazilyOnUnpairableElement() {
        let outcome = ZipModel.outcome(scenario([
            hot([next(210, 1), completed(270)]),
            hot([next(215, 2), next(290, 3), next(310, 4)]),
            hot([next(220, 5), next(240, 6), completed(300)]),
        ]), completesLazily: true) { $0 }
        #expect(outcome.events == [next(220, [1, 2, 5]), completed(310)])
        #expect(outcome.sourceLogs[1] == [Subscription(200, 310)])
    }

    @Test func emptyCollection_completesAtSubscribe() {
        let outcome = ZipModel.outcome(scenario([]), completesLazily: true) { $0 }
        #expect(outcome.events == [completed(200)])
    }

    @Test func error_discardsBufferedAndEnds() {
        let outcome = ZipModel.outcome(scenario([hot([next(210, 1), next(220, 2)]), hot([next(230, 3), error(240, testError)])]),
                                       completesLazily: false) { $0[0] * 10 + $0[1] }
        #expect(outcome.events == [next(230, 13), error(240, testError)])
        #expect(outcome.sourceLogs[0] == [Subscription(200, 240)])
    }

    @Test func firstFailsInsideSubscribe_laterSourceGetsAZeroLengthEntry() {
        let outcome = ZipModel.outcome(scenario([sync([error(0, testError)]), hot([next(210, 1)])]),
                                       completesLazily: false) { $0.reduce(0, +) }
        #expect(outcome.events == [error(200, testError)])
        #expect(outcome.sourceLogs[1] == [Subscription(200, 200)])
    }
}
