import RxCore
import RxModels
import RxTestKit

/// `subscribe(on:)` on a scheduler that runs actions later in the same tick: the upstream is
/// subscribed (and asked for elements) at the subscription's tick, so the output is the
/// upstream's, at its ticks.
public enum SubscribeOnModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.MapModel.outcome(scenario, transform: { $0 })
    }
}
