import RxTestKit

/// concatMap (SEMANTICS §3): the selector runs on arrival, the inner is subscribed when its
/// turn comes — `merge(maxConcurrent: 1)` over the mapped inners.
public enum ConcatMapModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        MergeModel.outcome(scenario, maxConcurrent: 1)
    }
}
