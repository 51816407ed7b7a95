import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct TimerModelTests {
    @Test func oneShot_zeroAndCompletion() {
        #expect(TimerModel.outcome(scenario([]), dueTicks: 50, periodTicks: nil).events == [next(250, 0), completed(250)])
    }

    @Test func zeroDelay_takesOneTick() {
        #expect(TimerModel.outcome(scenario([]), dueTicks: 0, periodTicks: nil).events == [next(201, 0), completed(201)])
    }

    @Test func periodic_firstAtTheDueTimeThenEveryPeriod() {
        #expect(TimerModel.outcome(scenario([], disposed: 300), dueTicks: 20, periodTicks: 30).events
                == [next(220, 0), next(250, 1), next(280, 2)])
    }
}
