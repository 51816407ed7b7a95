import RxCore
import RxTestKit

/// A source the operator leaves subscribed after its output ended (the other publisher of
/// `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)` after its element; `flatMap`'s
/// upstream after an inner failed): never cancelled, not even when the subscriber cancels. Its
/// subscription ends only when the source ends by itself.
enum LeftOpen {
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
