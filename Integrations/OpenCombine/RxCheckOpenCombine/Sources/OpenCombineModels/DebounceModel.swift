import RxCore
import RxModels
import RxTestKit

/// `debounce(for:scheduler:)`: "Publishes elements only after a specified time interval elapses
/// between events." Each element replaces the pending one and re-arms the timer `dueTicks`
/// later; the timer publishes the pending element. A completion — finished or failed — is passed
/// on at once and the pending element is dropped (OpenCombine's `testFinishBeforeDue` and
/// `testFailBeforeDue`, which hold against Apple's Combine too; RxSwift instead flushes it). The
/// completion reaches the subscriber through a hop on the scheduler (the tests'
/// `.schedule(options: nil)`).
public enum DebounceModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int) -> Outcome<Int> {
        RxModels.DebounceModel.outcome(scenario, dueTicks: dueTicks, flushesAtCompletion: false)
            .hoppingThroughScheduler(scenario)
    }
}
