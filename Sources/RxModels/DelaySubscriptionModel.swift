import RxCore
import RxTestKit

/// delaySubscription (SEMANTICS §6): the source is subscribed at S+d⁺ and mirrored; disposing
/// earlier means it is never subscribed.
public enum DelaySubscriptionModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int) -> Outcome<Int> {
        subscribingLater(scenario, dueTicks: dueTicks, closingTick: nil, unsubscribeDelay: 0)
    }

    /// Subscribes source 0 when a timer of `dueTicks` fires and mirrors it; what is still open
    /// at the end closes at `closingTick` (the dispose tick when nil), and what the observer
    /// disposes from inside `onNext` closes `unsubscribeDelay` ticks later.
    static func subscribingLater(_ scenario: Scenario, dueTicks: Int, closingTick: Int?, unsubscribeDelay: Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        clock.unsubscribeDelay = unsubscribeDelay
        var output = clock.output(Int.self)
        clock.schedule(after: dueTicks)
        while !output.isTerminated, let arrival = clock.next() {
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness): break   // one subscriber: no harness actions arrive
            case (_, .timer): clock.subscribe(.source(0))
            case (_, .event(.next(let value))): output.emit(.next(value), at: arrival.tick)
            case (_, .event(.completed)): output.emit(.completed, at: arrival.tick)
            case (_, .event(.error)): output.forwardTerminal(arrival)
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events, closingTick: closingTick)
    }
}
