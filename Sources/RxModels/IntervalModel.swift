import RxTestKit

/// interval(p) (SEMANTICS §2): `timer(p, period: p)`.
public enum IntervalModel {
    public static func outcome(_ scenario: Scenario, periodTicks: Int) -> Outcome<Int> {
        TimerModel.outcome(scenario, dueTicks: periodTicks, periodTicks: periodTicks)
    }
}
