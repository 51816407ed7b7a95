import RxCore
import RxTestKit

/// ifEmpty (SEMANTICS §5).
public enum IfEmptyModel {
    /// `ifEmpty(default:)`: on an empty completion, the default and `completed` at that tick.
    public static func outcome(_ scenario: Scenario, default value: Int) -> Outcome<Int> {
        var empty = true
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let element):
                empty = false
                output.emit(.next(element), at: arrival.tick)
            case .completed:
                if empty { output.emit(.next(value), at: arrival.tick) }
                output.emit(.completed, at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }

    /// `ifEmpty(switchTo:)` with sources[1] as the other: subscribed at an empty completion and
    /// mirrored to the end; never subscribed otherwise.
    public static func outcome(switchingTo scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        var empty = true
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (_, .next(let value)):
                empty = false
                output.emit(.next(value), at: arrival.tick)
            case (.source(0), .completed) where empty:
                clock.subscribe(.source(1))
            case (_, .completed): output.emit(.completed, at: arrival.tick)
            case (_, .error): output.forwardTerminal(arrival)
            }
        }
    }
}
