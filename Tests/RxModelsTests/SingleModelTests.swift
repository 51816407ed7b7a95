import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct SingleModelTests {
    @Test func single_oneElement_orAnErrorAtTheSecondOrAtAnEmptyCompletion() {
        #expect(SingleModel.outcome(scenario([hot([next(210, 1), completed(230)])])).events == [next(210, 1), completed(230)])
        #expect(SingleModel.outcome(scenario([hot([next(210, 1), next(220, 2)])])).events
                == [next(210, 1), .error(220, RxError.moreThanOneElement)])
        #expect(SingleModel.outcome(scenario([hot([completed(230)])])).events == [.error(230, RxError.noElements)])
    }

    /// RxSwift's testSinglePredicate_* timelines.
    @Test func singlePredicate_countsOnlyAcceptedElements() {
        let five = scenario([hot([next(150, 1), next(210, 2), next(220, 3), next(230, 4), next(240, 5), completed(250)])])
        #expect(SingleModel.outcome(five) { $0 == 4 }.events == [next(230, 4), completed(250)])
        let twoOdd = SingleModel.outcome(five) { $0 % 2 == 1 }
        #expect(twoOdd.events == [next(220, 3), .error(240, RxError.moreThanOneElement)])
        #expect(twoOdd.sourceLogs == [[Subscription(200, 240)]])
        #expect(SingleModel.outcome(five) { $0 > 10 }.events == [.error(250, RxError.noElements)])
    }

    @Test func asSingle_elementAtTheCompletionTick() {
        #expect(SingleModel.outcome(converting: scenario([hot([next(210, 1), completed(250)])]), emptyIsError: true).events
                == [next(250, 1), completed(250)])
        let two = SingleModel.outcome(converting: scenario([hot([next(210, 1), next(220, 2), completed(250)])]), emptyIsError: true)
        #expect(two.events == [.error(220, RxError.moreThanOneElement)])
        #expect(two.sourceLogs == [[Subscription(200, 220)]])
        #expect(SingleModel.outcome(converting: scenario([hot([completed(250)])]), emptyIsError: true).events
                == [.error(250, RxError.noElements)])
    }

    @Test func asMaybe_emptyCompletes() {
        #expect(SingleModel.outcome(converting: scenario([hot([completed(250)])]), emptyIsError: false).events == [completed(250)])
    }

    @Test func first_theFirstElementOrNil() {
        let first = SingleModel.outcome(first: scenario([hot([next(210, 1), next(220, 2)])]))
        #expect(first.events == [next(210, Optional(1)), completed(210, Int?.self)])
        #expect(first.sourceLogs == [[Subscription(200, 210)]])
        #expect(SingleModel.outcome(first: scenario([hot([completed(230)])])).events
                == [next(230, Int?.none), completed(230, Int?.self)])
    }
}
