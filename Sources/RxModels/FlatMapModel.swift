import RxTestKit

/// flatMap (SEMANTICS §3): `map` then `merge()` — every inner subscribed on arrival.
public enum FlatMapModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        MergeModel.outcome(scenario, maxConcurrent: nil)
    }
}
