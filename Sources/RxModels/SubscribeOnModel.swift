import RxTestKit

/// subscribe(on:) with the virtual scheduler: like a delayed subscription of one tick (S+1, if
/// the output is still subscribed then), and the source is unsubscribed at D+1 — the output
/// itself stops at D.
public enum SubscribeOnModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        DelaySubscriptionModel.subscribingLater(scenario, dueTicks: 0, closingTick: scenario.disposed + 1, unsubscribeDelay: 1)
    }
}
