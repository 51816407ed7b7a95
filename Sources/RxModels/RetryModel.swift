import RxCore
import RxTestKit

/// retry (SEMANTICS §7): at an error the attempt ends and the source is subscribed again at
/// the same tick, up to `maxAttempts` subscriptions in all (nil: forever); the last attempt's
/// error is forwarded. `retry(0)` completes at S without subscribing.
public enum RetryModel {
    public static func outcome(_ scenario: Scenario, maxAttempts: Int?) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        if maxAttempts == 0 {
            output.emit(.completed, at: clock.tick)
            return clock.finish(output.events)
        }
        clock.subscribe(.source(0))
        var attempts = 1
        while !output.isTerminated, let arrival = clock.next() {
            switch arrival.value {
            case .next(let value): output.emit(.next(value), at: arrival.tick)
            case .completed: output.emit(.completed, at: arrival.tick)
            case .error(let id):
                if maxAttempts.map({ attempts < $0 }) ?? true {
                    attempts += 1
                    clock.subscribe(.source(0))
                } else {
                    output.emit(.error(TestError(id)), at: arrival.tick)
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
            case .error(let id): output.emit(.error(TestError(id)), at: arrival.tick)
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }
}
