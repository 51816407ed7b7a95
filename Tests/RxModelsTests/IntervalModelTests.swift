import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct IntervalModelTests {
    @Test func tickOnTheDisposeTick_isNotRecorded() {
        #expect(IntervalModel.outcome(scenario([]), periodTicks: 100).events == (0..<7).map { next(300 + 100 * $0, $0) })
    }

    @Test func zeroPeriod_oncePerTick() {
        #expect(IntervalModel.outcome(scenario([], disposed: 204), periodTicks: 0).events
                == [next(201, 0), next(202, 1), next(203, 2)])
    }
}
