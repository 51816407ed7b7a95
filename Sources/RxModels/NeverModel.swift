import RxTestKit

/// never (SEMANTICS §2): nothing, ever.
public enum NeverModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        Outcome(events: [], sourceLogs: scenario.sources.map { _ in [] })
    }
}
