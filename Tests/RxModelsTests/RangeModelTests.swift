import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct RangeModelTests {
    @Test func onePerTick_thenCompletion() {
        #expect(RangeModel.outcome(scenario([]), start: 5, count: 3).events
                == [next(201, 5), next(202, 6), next(203, 7), completed(204)])
    }

    @Test func repeatElement_untilTheDisposeTick() {
        #expect(RangeModel.outcome(scenario([], disposed: 204), repeating: 7).events == [next(201, 7), next(202, 7), next(203, 7)])
    }
}
