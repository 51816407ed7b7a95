import RxCore
import RxModels
import RxTestKit

/// `switchToLatest()`: each new inner publisher cancels the one before; only the current inner's
/// elements are published. The output finishes when the upstream has finished and the current
/// inner (if any) has too; any failure ends it.
public enum SwitchToLatestModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.SwitchLatestModel.outcome(scenario)
    }
}
