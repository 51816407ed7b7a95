import RxTestKit

/// `merge(s0, s1[, s2])` (guide Merge.md): every element of every source, each source's in its
/// order, as the operator takes them; the first error ends the output at once; it finishes when
/// every source has.
public struct MergeModel: InterleavingMachine {
    /// How many sources (2 or 3).
    public let sources: Int

    /// The machine for that many sources.
    public init(sources: Int) { self.sources = sources }

    /// Which sources have finished.
    public var initial: [Bool] { Array(repeating: false, count: sources) }

    /// Takes one event of `source` (see `InterleavingMachine`).
    public func take(_ state: [Bool], source: Int, event: TimelineValue) -> ([Bool], [String], End?) {
        switch event {
        case .next(let value): return (state, ["\(value)"], nil)
        case .error(let id): return (state, [], .threw(id))
        case .completed:
            var finished = state
            finished[source] = true
            return (finished, [], finished.allSatisfy { $0 } ? .finished : nil)
        }
    }
}
