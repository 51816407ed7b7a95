import RxTestKit
import RxCore

/// range / generate / repeatElement / just(_:scheduler:) on a virtual scheduler (SEMANTICS §2,
/// like `from(_:scheduler:)`): element k at S+k, completion after the last, nothing at or after
/// the dispose tick.
public enum RangeModel {
    /// `range(start:count:)`: a negative count, or a last element past `Int.max`, fails at the
    /// subscription with `RxError.argumentOutOfRange` — as RxCore does, so the model never traps
    /// on a range the operator accepts or refuses.
    public static func outcome(_ scenario: Scenario, start: Int, count: Int) -> Outcome<Int> {
        guard count >= 0, count == 0 || !start.addingReportingOverflow(count - 1).overflow else {
            let refused = Recorded(time: scenario.subscribed, value: Event<Int>.error(RxError.argumentOutOfRange))
            return Outcome(events: [refused], sourceLogs: scenario.sources.map { _ in [] }).observed(in: scenario)
        }
        return FromModel.outcome(scenario, elements: (0..<count).map { start + $0 }, onVirtualScheduler: true)
    }

    /// `repeatElement(x, scheduler:)`: x at S+1, S+2, … until the dispose tick.
    public static func outcome(_ scenario: Scenario, repeating element: Int) -> Outcome<Int> {
        let count = max(0, scenario.disposed - scenario.subscribed - 1)
        let events = (0..<count).map { Recorded(time: scenario.subscribed + 1 + $0, value: Event<Int>.next(element)) }
        return Outcome(events: events, sourceLogs: scenario.sources.map { _ in [] }).observed(in: scenario)
    }
}
