import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct MapModelTests {
    @Test func transformsAtTheSameTick() {
        let outcome = MapModel.outcome(scenario([hot([next(210, 1), next(220, 2), completed(230)])])) { $0 * 2 }
        #expect(outcome.events == [next(210, 2), next(220, 4), completed(230)])
        #expect(outcome.sourceLogs == [[Subscription(200, 230)]])
    }

    @Test func throwing_failsAndReleasesTheSource() {
        let outcome = MapModel.outcome(scenario([hot([next(210, 1), next(220, 2)])])) { value in
            if value == 2 { throw testError }
            return value
        }
        #expect(outcome.events == [next(210, 1), error(220, testError)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }
}
