import RxCore
import RxModels
import RxTestKit

/// `drop(untilOutputFrom:)`: "Ignores elements from the upstream publisher until it receives an
/// element from a second publisher." The other's first element opens the gate and cancels the
/// other. Before that, the other finishing finishes the output and cancels the upstream
/// (OpenCombine's `testOtherCompletesBeforeTriggering`), and its failure fails the output. The
/// upstream's completion is passed on at any time. sources[0] is the upstream, sources[1] the
/// other, subscribed first.
public enum DropUntilOutputModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let subscriptions = clock.subscribe(inTurn: [.source(1), .source(0)])
        let other = subscriptions[0], upstream = subscriptions[1]
        var fired = false
        var open = false
        // Once the other has sent its element it is neither cancelled nor heard again: its
        // subscription stays open (OpenCombine's tests, which also run against Apple's Combine,
        // see no cancel after that element).
        let outcome = clock.drive(&output, ending: { clock in
            clock.unsubscribe(upstream)
            if !fired { clock.unsubscribe(other) }
        }) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.source(1), .next):
                open = true
                fired = true
            case (.source(1), _): if !fired { output.forwardTerminal(arrival) }
            case (_, .next(let value)): if open { output.emit(.next(value), at: arrival.tick) }
            case (_, _): output.forwardTerminal(arrival)
            }
        }
        return fired ? LeftOpen.patch(outcome, scenario, source: 1) : outcome
    }
}
