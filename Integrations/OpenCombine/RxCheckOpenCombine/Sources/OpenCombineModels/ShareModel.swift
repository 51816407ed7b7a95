import RxCore
import RxModels
import RxTestKit

/// `share()` — `multicast(subject: PassthroughSubject()).autoconnect()` — and `multicast` with
/// `autoconnect()` for one subscriber: the upstream is connected at the subscription and its
/// events pass through at their ticks; the subscriber's cancel disconnects it.
public enum ShareModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.MapModel.outcome(scenario, transform: { $0 })
    }
}
