import RxTestKit

/// flatMapLatest (SEMANTICS §3): `map` then `switchLatest()`.
public enum FlatMapLatestModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        SwitchLatestModel.outcome(scenario)
    }
}
