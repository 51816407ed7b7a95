import RxCore
import RxTestKit

/// just (SEMANTICS §2): `next(x)` and `completed`, both at S.
public enum JustModel {
    public static func outcome(_ scenario: Scenario, element: Int) -> Outcome<Int> {
        let tick = scenario.subscribed
        return Outcome(events: [Recorded(time: tick, value: .next(element)), Recorded(time: tick, value: .completed)],
                       sourceLogs: scenario.sources.map { _ in [] }).observed(in: scenario)
    }
}
