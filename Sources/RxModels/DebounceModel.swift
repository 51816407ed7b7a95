import RxCore
import RxTestKit

/// debounce (SEMANTICS §6): each element replaces the pending one and re-arms a timer at
/// t+d⁺; the timer emits the pending element. Completion flushes it first (unless
/// `flushesAtCompletion` is false, as in Combine); an error drops it.
public enum DebounceModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int, flushesAtCompletion: Bool = true) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        var pending: Int?
        var timer: Int?
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness): break   // one subscriber: no harness actions arrive
            case (_, .timer):
                if let value = pending { output.emit(.next(value), at: arrival.tick) }
                pending = nil
                timer = nil
            case (_, .event(.next(let value))):
                pending = value
                if let timer { clock.cancel(timer) }
                timer = clock.schedule(after: dueTicks)
            case (_, .event(.completed)):
                if flushesAtCompletion, let value = pending { output.emit(.next(value), at: arrival.tick) }
                output.emit(.completed, at: arrival.tick)
            case (_, .event(.error)):
                output.forwardTerminal(arrival)
            }
        }
    }
}
