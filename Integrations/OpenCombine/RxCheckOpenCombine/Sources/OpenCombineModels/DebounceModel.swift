import RxCore
import RxModels
import RxTestKit

/// `debounce(for:scheduler:)`: "Publishes elements only after a specified time interval elapses
/// between events." Each element replaces the pending one and re-arms the timer `dueTicks`
/// later; the timer publishes the pending element. A completion — finished or failed — is passed
/// on at once and the pending element is dropped (OpenCombine's `testFinishBeforeDue` and
/// `testFailBeforeDue`, which hold against Apple's Combine too; RxSwift instead flushes it).
public enum DebounceModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        var pending: Int?
        var timer: Int?
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness): break
            case (_, .timer):
                if let value = pending { output.emit(.next(value), at: arrival.tick) }
                pending = nil
                timer = nil
            case (_, .event(.next(let value))):
                pending = value
                if let timer { clock.cancel(timer) }
                timer = clock.schedule(after: dueTicks)
            case (_, .event):
                if let timer { clock.cancel(timer) }
                output.forwardTerminal(arrival)
            }
        }.hoppingThroughScheduler(scenario)
    }
}
