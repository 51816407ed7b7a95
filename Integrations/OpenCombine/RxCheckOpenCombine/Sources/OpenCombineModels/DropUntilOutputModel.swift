import RxCore
import RxModels
import RxTestKit

/// `drop(untilOutputFrom:)`: "Ignores elements from the upstream publisher until it receives an
/// element from a second publisher." The other's first element opens the gate and cancels the
/// other. Before that, the other finishing finishes the output and cancels the upstream
/// (OpenCombine's `testOtherCompletesBeforeTriggering`), and its failure fails the output. The
/// upstream's completion is passed on at any time. sources[0] is the upstream, sources[1] the
/// other, subscribed first. When the other ends inside its own `subscribe` (a synchronous or
/// behavior source that has ended), the upstream's subscription arrives after the output ended
/// and is requested from, not cancelled: it stays open (OpenCombine's `testLateSubscription`,
/// also run against Apple's Combine).
public enum DropUntilOutputModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        let outcome = gated(scenario)
        return endsInsideSubscribe(scenario.sources[1], at: scenario.subscribed) ? LeftOpen.patch(outcome, scenario, source: 0) : outcome
    }

    /// Whether `other`'s first delivery, inside its subscribe call at `tick`, is its terminal.
    static func endsInsideSubscribe(_ other: SourceTimeline, at tick: Int) -> Bool {
        switch other.flavor {
        case .synchronous: return other.events.first?.value.isTerminal ?? false
        case .behavior: return other.events.last(where: { $0.tick <= tick })?.value.isTerminal ?? false
        case .hot, .cold: return false
        }
    }

    static func gated(_ scenario: Scenario) -> Outcome<Int> {
        LeftOpen.untilOutput(scenario, onOther: { arrival, output in
            if case .next = arrival.value { return }   // the gate opens
            output.forwardTerminal(arrival)
        }, onUpstream: { arrival, open, output in
            if case .next(let value) = arrival.value {
                if open { output.emit(.next(value), at: arrival.tick) }
            } else {
                output.forwardTerminal(arrival)
            }
        })
    }
}
