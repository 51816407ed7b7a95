import Testing
import RxCore
import RxTestKit

@Suite struct SingleOperatorTests {
    @Test func single_errorsOnSecondElementOrEmpty() {
        #expect(runHot([next(210, 1), completed(230)]) { $0.single() }.0 == [next(210, 1), completed(230)])
        #expect(runHot([next(210, 1), next(220, 2)]) { $0.single() }.0 == [next(210, 1), error(220, RxError.moreThanOneElement)])
        #expect(runHot([completed(230)]) { $0.single() }.0 == [error(230, RxError.noElements)])
    }

    // RxSwift's testSinglePredicate_* cases: the predicate picks which elements count.
    private static let fiveThenComplete: [Recorded<Event<Int>>] =
        [next(150, 1), next(210, 2), next(220, 3), next(230, 4), next(240, 5), completed(250)]

    @Test func singlePredicate_oneMatch_passesItAndCompletesWithTheSource() {
        let (events, subscriptions) = runHot(Self.fiveThenComplete) { $0.single { $0 == 4 } }
        #expect(events == [next(230, 4), completed(250)])
        #expect(subscriptions == [Subscription(200, 250)])
    }

    @Test func singlePredicate_secondMatch_failsAtItsTick() {
        let (events, subscriptions) = runHot(Self.fiveThenComplete) { $0.single { $0 % 2 == 1 } }
        #expect(events == [next(220, 3), error(240, RxError.moreThanOneElement)])
        #expect(subscriptions == [Subscription(200, 240)])
    }

    @Test func singlePredicate_noMatch_failsNoElementsAtCompletion() {
        #expect(runHot(Self.fiveThenComplete) { $0.single { $0 > 10 } }.0 == [error(250, RxError.noElements)])
    }

    @Test func singlePredicate_throwing_failsWithItsError() {
        let (events, subscriptions) = runHot(Self.fiveThenComplete) {
            $0.single { value in
                if value == 4 { throw TestError(2) }
                return value == 3
            }
        }
        #expect(events == [next(220, 3), error(230, TestError(2))])
        #expect(subscriptions == [Subscription(200, 230)])
    }
}
