import RxCore
import RxModels
import RxTestKit

/// `prefix(untilOutputFrom:)`: "Republishes elements until another publisher emits an element."
/// The other's first element finishes the output and cancels both. The other finishing or failing
/// without an element ends only the other: the upstream goes on (OpenCombine's
/// `testTerminatorFinishesWithoutProducingValues`, `testTerminatorFailsWithoutProducingValues`,
/// which hold against Apple's Combine too). sources[0] is the upstream, sources[1] the other.
public enum PrefixUntilOutputModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var fired = false
        var outcome = LeftOpen.untilOutput(scenario, onOther: { arrival, output in
            guard case .next = arrival.value else { return }   // its completion changes nothing
            fired = true
            output.emit(.completed, at: arrival.tick)
        }, onUpstream: { arrival, _, output in
            if case .next(let value) = arrival.value {
                output.emit(.next(value), at: arrival.tick)
            } else {
                output.forwardTerminal(arrival)
            }
        })
        // An element the other sends inside its own subscribe finishes the output before the
        // upstream's turn: the upstream is then never subscribed.
        if fired, firesInsideSubscribe(scenario.sources[1], at: scenario.subscribed), !outcome.sourceLogs[0].isEmpty {
            outcome.sourceLogs[0].removeFirst()
        }
        return outcome
    }

    /// Whether a source hands over an element inside the subscribe call made at `tick`.
    static func firesInsideSubscribe(_ source: SourceTimeline, at tick: Int) -> Bool {
        switch source.flavor {
        case .synchronous: return source.events.first.map { !$0.value.isTerminal } ?? false
        case .behavior:
            guard let latest = source.events.last(where: { $0.tick <= tick }) else { return false }
            return !latest.value.isTerminal
        case .hot, .cold: return false
        }
    }
}
