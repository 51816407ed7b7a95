import RxCore
import RxTestKit

/// delay (SEMANTICS §6): elements and completion come out in order, the k-th at
/// max(t_k + d⁺, previous + 1), one per timer; an error comes out at once and drops the rest.
public enum DelayModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        var queue: [(value: TimelineValue, due: Int)] = []
        var running = false
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness): break   // one subscriber: no harness actions arrive
            case (_, .timer):
                let (value, _) = queue.removeFirst()
                switch value {
                case .next(let element): output.emit(.next(element), at: arrival.tick)
                case .completed: output.emit(.completed, at: arrival.tick)
                case .error: break
                }
                if let next = queue.first { clock.schedule(after: next.due - arrival.tick) } else { running = false }
            case (_, .event(.error(let id))):
                queue = []
                output.emit(.error(TestError.boxed(id)), at: arrival.tick)
            case (_, .event(let value)):
                queue.append((value, arrival.tick + max(dueTicks, 0)))
                if !running {
                    running = true
                    clock.schedule(after: dueTicks)
                }
            }
        }
    }
}
