import RxCore
import RxTestKit

/// throttle (SEMANTICS §6): an element at least d after the last emission (or the first) is
/// emitted at once; otherwise, with `latest`, it is kept and a timer emits it at lastEmit+d (an
/// element arriving exactly then is emitted at once and the kept one is lost). Completion waits
/// for a kept element.
public enum ThrottleModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int, latest: Bool) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        var lastSent: Int?
        var pending: Int?
        var timer: Int?
        var completionDeferred = false
        func send(_ value: Int, at tick: Int, _ output: inout ModelOutput<Int>) {
            pending = nil
            output.emit(.next(value), at: tick)
            lastSent = tick
        }
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness): break   // one subscriber: no harness actions arrive
            case (_, .timer):
                timer = nil
                if let value = pending { send(value, at: arrival.tick, &output) }
                if completionDeferred { output.emit(.completed, at: arrival.tick) }
            case (_, .event(.next(let value))):
                let remaining = lastSent.map { dueTicks - (arrival.tick - $0) } ?? 0
                if remaining <= 0 {
                    send(value, at: arrival.tick, &output)     // an armed timer stays armed
                } else if latest {
                    let waiting = pending != nil
                    pending = value
                    if !waiting {
                        if let timer { clock.cancel(timer) }
                        timer = clock.schedule(after: remaining)
                    }
                }
            case (_, .event(.completed)):
                if pending != nil { completionDeferred = true } else { output.emit(.completed, at: arrival.tick) }
            case (_, .event(.error)):
                output.forwardTerminal(arrival)
            }
        }
    }
}
