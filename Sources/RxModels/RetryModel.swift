import RxCore
import RxTestKit

/// retry (SEMANTICS §7): at an error the attempt ends and the source is subscribed again at
/// the same tick, up to `maxAttempts` subscriptions in all (nil: forever); the last attempt's
/// error is forwarded. `retry(0)` completes at S without subscribing. A failed attempt is
/// released before the next is subscribed, once its subscribe call returned (1.4).
public enum RetryModel {
    public static func outcome(_ scenario: Scenario, maxAttempts: Int?) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        clock.predictsReleases = true
        var output = clock.output(Int.self)
        if maxAttempts == 0 {
            output.emit(.completed, at: clock.tick)
            return clock.finish(output.events)
        }
        var current = clock.subscribe(.source(0))
        var attempts = 1
        while !output.isTerminated, let arrival = clock.next() {
            switch arrival.value {
            case .next(let value): output.emit(.next(value), at: arrival.tick)
            case .completed: output.emit(.completed, at: arrival.tick)
            case .error(let id):
                if maxAttempts.map({ attempts < $0 }) ?? true {
                    attempts += 1
                    current = clock.moveOn(from: current, to: .source(0))
                } else {
                    output.emit(.error(TestError.boxed(id)), at: arrival.tick)
                }
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }

    /// `retry(when:)` with a handler that retries errors of identity 1 at once and fails on any
    /// other identity.
    public static func outcome(retryingIdentityOne scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        while !output.isTerminated, let arrival = clock.next() {
            switch arrival.value {
            case .next(let value): output.emit(.next(value), at: arrival.tick)
            case .completed: output.emit(.completed, at: arrival.tick)
            case .error(1): clock.subscribe(.source(0))
            case .error: output.forwardTerminal(arrival)
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }

    /// `retry(when:)` whose handler returns sources[1] itself, ignoring the errors. sources[1]
    /// is subscribed first and listened to only from an error of sources[0] until the next
    /// attempt: its element then starts that attempt, its terminal ends the output. An element
    /// sent while an attempt runs is missed; a terminal is kept and ends the output at the next
    /// error. A running attempt still completes the output when sources[0] completes.
    public static func outcome(handlerIsSecondSource scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(inTurn: [.source(1), .source(0)])
        var listening = false
        var keptTerminal: TimelineValue?
        func end(with terminal: TimelineValue, at tick: Int, _ output: inout ModelOutput<Int>) {
            if case .error(let id) = terminal { output.emit(.error(TestError.boxed(id)), at: tick) } else { output.emit(.completed, at: tick) }
        }
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.source(1), .next):
                if listening {
                    listening = false
                    clock.subscribe(.source(0))
                }
            case (.source(1), let terminal):
                if listening { end(with: terminal, at: arrival.tick, &output) } else { keptTerminal = terminal }
            case (_, .next(let value)): output.emit(.next(value), at: arrival.tick)
            case (_, .completed): output.emit(.completed, at: arrival.tick)
            case (_, .error):
                if let keptTerminal { end(with: keptTerminal, at: arrival.tick, &output) } else { listening = true }
            }
        }
    }
}
