import RxCore
import RxModels
import RxTestKit

/// `receive(on:)` on a scheduler that runs actions later in the same tick: every element and the
/// completion arrive at the tick they were sent, in order — through a hop, so those of the tick at
/// which the subscriber cancels are lost.
public enum ReceiveOnModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.MapModel.outcome(scenario, transform: { $0 }).hoppingThroughScheduler(scenario)
    }
}
