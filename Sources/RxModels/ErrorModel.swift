import RxCore
import RxTestKit

/// error (SEMANTICS §2): `error(e)` at S.
public enum ErrorModel {
    public static func outcome(_ scenario: Scenario, identity: Int) -> Outcome<Int> {
        Outcome(events: [Recorded(time: scenario.subscribed, value: .error(TestError.boxed(identity)))],
                sourceLogs: scenario.sources.map { _ in [] })
    }
}
