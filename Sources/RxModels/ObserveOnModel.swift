import RxCore
import RxTestKit

/// observe(on:) on the virtual scheduler (RxSwift's ObserveOnSink): events queue up and one
/// scheduled action delivers one event, then schedules the next while any is left, so the k-th
/// event comes out at max(t_k, previous delivery) + 1. Errors queue like everything else; the
/// source's log ends at its own terminal.
public enum ObserveOnModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        var queue: [TimelineValue] = []
        var draining = false
        return clock.drive(&output) { arrival, clock, output in
            if case .timer = arrival.timeline {
                let value = queue.removeFirst()
                switch value {
                case .next(let element): output.emit(.next(element), at: arrival.tick)
                case .error(let id): output.emit(.error(TestError.boxed(id)), at: arrival.tick)
                case .completed: output.emit(.completed, at: arrival.tick)
                }
                if queue.isEmpty { draining = false } else { clock.schedule(after: 0) }
            } else {
                queue.append(arrival.value)
                if !draining {
                    draining = true
                    clock.schedule(after: 0)
                }
            }
        }
    }
}
