import RxCore
import RxTestKit

/// take(for:) and skip(for:) (SEMANTICS §5): a timer armed at S+d⁺ before the source is
/// subscribed. take(for:) completes and unsubscribes at the timer; skip(for:) drops elements
/// until it. Terminals of the source are forwarded.
public enum TakeForDurationModel {
    public static func outcome(_ scenario: Scenario, durationTicks: Int, skipping: Bool) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.schedule(after: durationTicks)
        clock.subscribe(.source(0))
        var elapsed = false
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness): break   // one subscriber: no harness actions arrive
            case (_, .timer):
                elapsed = true
                if !skipping { output.emit(.completed, at: arrival.tick) }
            case (_, .event(.next(let value))):
                if elapsed == skipping { output.emit(.next(value), at: arrival.tick) }
            case (_, .event(.completed)): output.emit(.completed, at: arrival.tick)
            case (_, .event(.error)): output.forwardTerminal(arrival)
            }
        }
    }
}
