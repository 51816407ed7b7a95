import Testing
import RxCore
import RxTestKit
import RxModels

/// The input of RxSwift's throttle tests.
private let example = scenario([hot([
    next(150, 1), next(210, 2), next(250, 3), next(310, 4), next(350, 5), next(410, 6), next(450, 7), completed(500),
])])

@Suite struct ThrottleModelTests {
    @Test func latest_rxswiftExample_completionWaitsForTheTrailingValue() {
        let outcome = ThrottleModel.outcome(example, dueTicks: 200, latest: true)
        #expect(outcome.events == [next(210, 2), next(410, 6), next(610, 7), completed(610)])
        #expect(outcome.sourceLogs == [[Subscription(200, 500)]])
    }

    @Test func first_rxswiftExample() {
        let outcome = ThrottleModel.outcome(example, dueTicks: 200, latest: false)
        #expect(outcome.events == [next(210, 2), next(410, 6), completed(500)])
    }
}
