import RxCore
import RxTestKit

/// take(until:) (SEMANTICS §5): sources[0] is the source, sources[1] the other, subscribed
/// first. Other's first element completes the output; other's error fails it; other completing
/// empty only unsubscribes it. The source is mirrored.
public enum TakeUntilModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let other = clock.subscribe(inTurn: [.source(1), .source(0)])[0]
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.source(1), .next): output.emit(.completed, at: arrival.tick)
            case (.source(1), .completed): clock.unsubscribe(other)
            case (_, .error): output.forwardTerminal(arrival)
            case (_, .next(let value)): output.emit(.next(value), at: arrival.tick)
            case (_, .completed): output.emit(.completed, at: arrival.tick)
            }
        }
    }
}
