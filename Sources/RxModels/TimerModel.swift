import RxCore
import RxTestKit

/// timer / interval (SEMANTICS §2). One-shot: `next(0)` and `completed` at S+d⁺. Periodic:
/// 0, 1, 2, … at S+d⁺ and every p⁺ after. Timers are queued during the run, so one due at the
/// dispose tick is not recorded.
public enum TimerModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int, periodTicks: Int?) -> Outcome<Int> {
        let first = scenario.subscribed + max(dueTicks, 1)
        var events: [Recorded<Event<Int>>] = []
        if let periodTicks {
            var tick = first
            var count = 0
            while tick < scenario.disposed {
                events.append(Recorded(time: tick, value: .next(count)))
                count += 1
                tick += max(periodTicks, 1)
            }
        } else if first < scenario.disposed {
            events = [Recorded(time: first, value: .next(0)), Recorded(time: first, value: .completed)]
        }
        return Outcome(events: events, sourceLogs: scenario.sources.map { _ in [] }).observed(in: scenario)
    }
}
