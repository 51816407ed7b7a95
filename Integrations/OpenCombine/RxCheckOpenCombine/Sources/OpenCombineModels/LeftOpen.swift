import RxCore
import RxModels
import RxTestKit

/// A source the operator leaves subscribed after its output ended (the other publisher of
/// `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)` after its element; `flatMap`'s
/// upstream after an inner failed): never cancelled, not even when the subscriber cancels. Its
/// subscription ends only when the source ends by itself.
enum LeftOpen {
    /// The model of an operator over an upstream (`sources[0]`) and another publisher
    /// (`sources[1]`, subscribed first) whose first element changes what the operator does. Once
    /// the other has sent it, the other is neither cancelled nor heard again: its subscription
    /// stays open (OpenCombine's tests, which also run against Apple's Combine, see no cancel
    /// after that element). The other ending first just ends its subscription.
    static func untilOutput(_ scenario: Scenario,
                            onOther: @escaping (Arrival, inout ModelOutput<Int>) -> Void,
                            onUpstream: @escaping (Arrival, _ otherFired: Bool, inout ModelOutput<Int>) -> Void) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let subscriptions = clock.subscribe(inTurn: [.source(1), .source(0)])
        let other = subscriptions[0], upstream = subscriptions[1]
        var fired = false
        let outcome = clock.drive(&output, ending: { clock in
            clock.unsubscribe(upstream)
            if !fired { clock.unsubscribe(other) }
        }) { arrival, clock, output in
            guard case .source(1) = arrival.timeline else { return onUpstream(arrival, fired, &output) }
            guard !fired else { return }
            if case .next = arrival.value { fired = true } else { clock.unsubscribe(other) }
            onOther(arrival, &output)
        }
        return fired ? patch(outcome, scenario, source: 1) : outcome
    }

    /// The outcome with the last subscription of `sources[index]` ending where the source ends by
    /// itself (its terminal, as seen from that subscription), or open.
    static func patch(_ outcome: Outcome<Int>, _ scenario: Scenario, source index: Int) -> Outcome<Int> {
        var outcome = outcome
        guard index < outcome.sourceLogs.count, let last = outcome.sourceLogs[index].indices.last else { return outcome }
        let entry = outcome.sourceLogs[index][last]
        let timeline = scenario.sources[index]
        let end: Int?
        switch timeline.flavor {
        case .hot:
            end = timeline.events.first { $0.value.isTerminal && $0.tick >= entry.subscribe }?.tick
        case .behavior:
            end = timeline.events.first { $0.value.isTerminal }.map { max($0.tick, entry.subscribe) }
        case .cold:
            end = timeline.events.first { $0.value.isTerminal }.map { entry.subscribe + $0.tick }
        case .synchronous:
            end = nil
        }
        outcome.sourceLogs[index][last] = Subscription(entry.subscribe, end ?? Int.max)
        return outcome
    }
}
