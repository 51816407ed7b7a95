import RxTestKit

/// `combineLatest(s0, s1[, s2])` (guide CombineLatest.md): once every source has given an
/// element, a tuple of the latest of each for every element taken. A source that finishes
/// before giving any element finishes the output at once; after that, the output finishes when
/// every source has; the first error throws.
public struct CombineLatestModel: InterleavingMachine {
    /// How many sources (2 or 3).
    public let sources: Int

    /// The machine for that many sources.
    public init(sources: Int) { self.sources = sources }

    /// The latest element of each source, and which have finished.
    public struct State: Hashable {
        var latest: [Int?]
        var finished: [Bool]
    }

    /// Nothing yet from anyone.
    public var initial: State { State(latest: Array(repeating: nil, count: sources), finished: Array(repeating: false, count: sources)) }

    /// Takes one event of `source` (see `InterleavingMachine`).
    public func take(_ state: State, source: Int, event: TimelineValue) -> (State, [String], End?) {
        var next = state
        switch event {
        case .next(let value):
            next.latest[source] = value
            guard next.latest.allSatisfy({ $0 != nil }) else { return (next, [], nil) }
            return (next, ["(" + next.latest.map { "\($0!)" }.joined(separator: ",") + ")"], nil)
        case .error(let id): return (next, [], .threw(id))
        case .completed:
            if next.latest[source] == nil { return (next, [], .finished) }
            next.finished[source] = true
            return (next, [], next.finished.allSatisfy { $0 } ? .finished : nil)
        }
    }
}
