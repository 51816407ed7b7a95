import RxCore
import RxModels
import RxTestKit

/// `receive(on:)` on a scheduler that runs actions later in the same tick: every element and the
/// completion arrive at the tick they were sent, in order.
public enum ReceiveOnModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.MapModel.outcome(scenario, transform: { $0 })
    }
}
