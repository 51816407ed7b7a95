import Testing
import RxCore
import RxTestKit
import RxModels

/// The subscription handler forwards sources[0].
@Suite struct CreateModelTests {
    @Test func mirrorsTheForwardedSource() {
        let outcome = CreateModel.outcome(scenario([hot([next(210, 1), completed(220)])]))
        #expect(outcome.events == [next(210, 1), completed(220)])
        #expect(outcome.sourceLogs == [[Subscription(200, 220)]])
    }

    @Test func disposedEarly_releasesTheSource() {
        let outcome = CreateModel.outcome(scenario([hot([next(210, 1), next(220, 2)])], disposed: 215))
        #expect(outcome.events == [next(210, 1)])
        #expect(outcome.sourceLogs == [[Subscription(200, 215)]])
    }
}
