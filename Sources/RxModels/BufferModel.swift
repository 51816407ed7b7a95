import RxCore
import RxTestKit

/// buffer(timeSpan:count:) (SEMANTICS §6): a timer armed at S+d⁺ before the source is
/// subscribed; a full buffer is emitted at once and re-arms the timer at t+d⁺; the timer emits
/// the buffer even when empty and re-arms; completion emits the buffer first.
public enum BufferModel {
    public static func outcome(_ scenario: Scenario, spanTicks: Int, count: Int) -> Outcome<[Int]> {
        var clock = ModelClock(scenario)
        var output = clock.output([Int].self)
        var timer = clock.schedule(after: spanTicks)
        clock.subscribe(.source(0))
        var buffer: [Int] = []
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness): break   // one subscriber: no harness actions arrive
            case (_, .timer):
                output.emit(.next(buffer), at: arrival.tick)
                buffer = []
                timer = clock.schedule(after: spanTicks)
            case (_, .event(.next(let value))):
                buffer.append(value)
                if buffer.count == count {
                    output.emit(.next(buffer), at: arrival.tick)
                    buffer = []
                    clock.cancel(timer)
                    timer = clock.schedule(after: spanTicks)
                }
            case (_, .event(.completed)):
                output.emit(.next(buffer), at: arrival.tick)
                output.emit(.completed, at: arrival.tick)
            case (_, .event(.error)):
                output.forwardTerminal(arrival)
            }
        }
    }
}
