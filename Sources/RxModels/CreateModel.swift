import RxTestKit

/// create (SEMANTICS §1.4): a subscription handler that forwards sources[0] is mirrored, and
/// nothing passes after a terminal — the same prediction as `deferred` of that source.
public enum CreateModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        DeferredModel.outcome(scenario)
    }
}
