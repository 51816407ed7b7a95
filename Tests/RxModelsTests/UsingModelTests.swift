import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct UsingModelTests {
    @Test func resourceMadeFirst_releasedWhenTheOutputEnds() {
        let outcome = UsingModel.outcome(resourceIsSecondSource: scenario([hot([next(210, 1), completed(230)]), hot([next(215, 9)])]))
        #expect(outcome.events == [next(210, 1), completed(230)])
        #expect(outcome.sourceLogs == [[Subscription(200, 230)], [Subscription(200, 230)]])
        #expect(outcome.order.prefix(2) == [.subscribe(.source(1)), .subscribe(.source(0))])
    }

    @Test func disposedFromOutside_releasesTheResource() {
        let outcome = UsingModel.outcome(resourceIsSecondSource: scenario([hot([next(210, 1)]), hot([])], disposed: 300))
        #expect(outcome.events == [next(210, 1)])
        #expect(outcome.sourceLogs == [[Subscription(200, 300)], [Subscription(200, 300)]])
    }
}
