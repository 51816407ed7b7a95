import RxCore
import RxTestKit

/// subscribe(on:) with the virtual scheduler: the source is subscribed at S+1 (if the output
/// is still subscribed then) and unsubscribed at D+1; the output stops at D.
public enum SubscribeOnModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = ModelOutput<Int>()
        clock.schedule(after: 0)
        while !output.isTerminated, let arrival = clock.next() {
            switch (arrival.timeline, arrival.value) {
            case (.timer, _): clock.subscribe(.source(0))
            case (_, .next(let value)): output.emit(.next(value), at: arrival.tick)
            case (_, .completed): output.emit(.completed, at: arrival.tick)
            case (_, .error(let id)): output.emit(.error(TestError(id)), at: arrival.tick)
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events, closingTick: scenario.disposed + 1)
    }
}
