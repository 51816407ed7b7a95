import RxCore
import RxTestKit

/// catch / catchAndReturn (SEMANTICS §7).
public enum CatchModel {
    /// `catch { _ in other }` with sources[1] as the fallback: subscribed at the error tick and
    /// mirrored to the end; its errors are not caught again. The failed source is released once
    /// the fallback's subscribe call has returned (1.4).
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        clock.predictsReleases = true
        var output = clock.output(Int.self)
        let first = clock.subscribe(.source(0))
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.source(0), .error):
                clock.subscribe(.source(1))
                clock.mirrorSynchronous(of: .source(1), into: &output)
                clock.unsubscribe(first)
            case (_, .next(let value)): output.emit(.next(value), at: arrival.tick)
            case (_, .completed): output.emit(.completed, at: arrival.tick)
            case (_, .error): output.forwardTerminal(arrival)
            }
        }
    }

    /// `catchAndReturn(v)`: on an error, `v` and `completed` at its tick.
    public static func outcome(_ scenario: Scenario, returning value: Int) -> Outcome<Int> {
        SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let element): output.emit(.next(element), at: arrival.tick)
            case .completed: output.emit(.completed, at: arrival.tick)
            case .error:
                output.emit(.next(value), at: arrival.tick)
                output.emit(.completed, at: arrival.tick)
            }
        }
    }
}
