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
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let subscriptions = clock.subscribe(inTurn: [.source(1), .source(0)])
        let other = subscriptions[0], upstream = subscriptions[1]
        var fired = false
        // Once the other has sent its element it is neither cancelled nor heard again: its
        // subscription stays open (OpenCombine's tests, which also run against Apple's Combine,
        // see no cancel after that element).
        let outcome = clock.drive(&output, ending: { clock in
            clock.unsubscribe(upstream)
            if !fired { clock.unsubscribe(other) }
        }) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.source(1), .next):
                guard !fired else { return }
                fired = true
                output.emit(.completed, at: arrival.tick)
            case (.source(1), _): if !fired { clock.unsubscribe(other) }
            case (_, .next(let value)): output.emit(.next(value), at: arrival.tick)
            case (_, _): output.forwardTerminal(arrival)
            }
        }
        guard fired else { return outcome }
        var patched = LeftOpen.patch(outcome, scenario, source: 1)
        // An element the other sends inside its own subscribe finishes the output before the
        // upstream's turn: the upstream is then never subscribed.
        if firesInsideSubscribe(scenario.sources[1], at: scenario.subscribed), !patched.sourceLogs[0].isEmpty {
            patched.sourceLogs[0].removeFirst()
        }
        return patched
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
