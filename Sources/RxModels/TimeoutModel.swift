import RxCore
import RxTestKit

/// timeout (SEMANTICS §6): a timer armed at S+d⁺ before the source is subscribed, re-armed at
/// t+d⁺ by each element. When it fires: `RxError.timeout`, or — with `other` (sources[1]) —
/// other is subscribed at that tick, then the source dropped, and other mirrored to the end.
/// A source that ends is released after its terminal is forwarded (1.4).
public enum TimeoutModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int, withOther: Bool) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        clock.predictsReleases = true
        var output = clock.output(Int.self)
        var timer: Int? = clock.schedule(after: dueTicks)
        let source = clock.subscribe(.source(0))
        var timedOut = false
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness): break   // one subscriber: no harness actions arrive
            case (_, .timer):
                timer = nil
                timedOut = true
                if withOther {
                    // RxSwift assigns other's subscription in place of the source's: other is
                    // subscribed — and delivers what it delivers synchronously — before the
                    // source is disposed.
                    clock.subscribe(.source(1))
                    clock.mirrorSynchronous(of: .source(1), into: &output)
                    clock.unsubscribe(source)
                } else {
                    output.emit(.error(RxError.timeout), at: arrival.tick)
                }
            case (.source(0), _) where timedOut:
                break
            case (_, .event(.next(let value))):
                output.emit(.next(value), at: arrival.tick)
                if !timedOut {
                    if let timer { clock.cancel(timer) }
                    timer = clock.schedule(after: dueTicks)
                }
            case (_, .event(.completed)):
                output.emit(.completed, at: arrival.tick)
            case (_, .event(.error)):
                output.forwardTerminal(arrival)
            }
        }
    }
}
