import RxCore
import RxTestKit

/// empty (SEMANTICS §2): `completed` at S.
public enum EmptyModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        Outcome(events: [Recorded(time: scenario.subscribed, value: .completed)],
                sourceLogs: scenario.sources.map { _ in [] })
    }
}
