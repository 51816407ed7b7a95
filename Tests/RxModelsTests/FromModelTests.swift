import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct FromModelTests {
    @Test func defaultScheduler_everythingAtSubscription() {
        #expect(FromModel.outcome(scenario([]), elements: [1, 2, 3], onVirtualScheduler: false).events
                == [next(200, 1), next(200, 2), next(200, 3), completed(200)])
    }

    @Test func virtualScheduler_onePerTick() {
        #expect(FromModel.outcome(scenario([]), elements: [1, 2], onVirtualScheduler: true).events
                == [next(201, 1), next(202, 2), completed(203)])
        #expect(FromModel.outcome(scenario([]), elements: [], onVirtualScheduler: true).events == [completed(201)])
    }

    @Test func virtualScheduler_disposedMidway_stops() {
        #expect(FromModel.outcome(scenario([], disposed: 202), elements: [1, 2, 3], onVirtualScheduler: true).events
                == [next(201, 1)])
    }
}
