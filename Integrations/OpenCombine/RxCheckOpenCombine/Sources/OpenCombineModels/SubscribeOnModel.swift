import RxCore
import RxModels
import RxTestKit

/// `subscribe(on:)` on a scheduler that runs actions later in the same tick: the upstream is
/// subscribed (and asked for elements) at the subscription's tick, so the output is the
/// upstream's, at its ticks. (Only subscribing, requests and cancelling hop; elements do not.)
public enum SubscribeOnModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        // Cancelled at the subscription's tick, the subscriber is gone before the hop that
        // subscribes: the upstream is subscribed and cancelled in that tick, and nothing arrives.
        guard scenario.disposed > scenario.subscribed else {
            let tick = scenario.subscribed
            return Outcome(events: [], sourceLogs: scenario.sources.map { $0.flavor == .synchronous ? [] : [Subscription(tick, tick)] })
        }
        return RxModels.MapModel.outcome(scenario, transform: { $0 })
    }
}
