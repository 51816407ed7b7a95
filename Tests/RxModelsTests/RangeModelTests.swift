import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct RangeModelTests {
    @Test func onePerTick_thenCompletion() {
        #expect(RangeModel.outcome(scenario([]), start: 5, count: 3).events
                == [next(201, 5), next(202, 6), next(203, 7), completed(204)])
    }

    /// A range ending at `Int.max` is one the operator accepts: the model predicts it instead of
    /// trapping on `start + count`.
    @Test func aRangeEndingAtIntMax_isPredicted() {
        #expect(RangeModel.outcome(scenario([]), start: Int.max - 1, count: 2).events
                == [next(201, Int.max - 1), next(202, Int.max), completed(203)])
    }

    /// A negative count, or one past `Int.max`, fails at the subscription, as range refuses it.
    @Test func anImpossibleRange_failsAtTheSubscription() {
        for (start, count) in [(0, -1), (Int.max, 2), (Int.min, -5)] {
            let events = RangeModel.outcome(scenario([]), start: start, count: count).events
            #expect(events.count == 1 && events[0].time == 200, "\(start), \(count): \(events)")
            if case .error(let error) = events.first?.value {
                #expect(error as? RxError == .argumentOutOfRange)
            } else {
                Issue.record("\(start), \(count): expected an error, got \(events)")
            }
        }
    }

    @Test func repeatElement_untilTheDisposeTick() {
        #expect(RangeModel.outcome(scenario([], disposed: 204), repeating: 7).events == [next(201, 7), next(202, 7), next(203, 7)])
    }
}
