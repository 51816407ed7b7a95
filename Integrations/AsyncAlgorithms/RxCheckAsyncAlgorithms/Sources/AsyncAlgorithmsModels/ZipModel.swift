import RxTestKit

/// `zip(s0, s1[, s2])` (guide Zip.md): "Each iteration … will await for all base iterators to
/// produce a value": the i-th tuple holds every source's i-th element. The operator asks a
/// source again only once its tuple is out; the first source to finish while the operator waits
/// on it finishes the output ("immediately considered unsatisfiable"), the first error throws.
public struct ZipModel: InterleavingMachine {
    /// How many sources (2 or 3).
    public let sources: Int

    /// The machine for that many sources.
    public init(sources: Int) { self.sources = sources }

    /// The element each source has given toward the tuple being built.
    public var initial: [Int?] { Array(repeating: nil, count: sources) }

    /// Only when it holds no element of `source`.
    public func canTake(_ state: [Int?], source: Int) -> Bool { state[source] == nil }

    /// Takes one event of `source` (see `InterleavingMachine`).
    public func take(_ state: [Int?], source: Int, event: TimelineValue) -> ([Int?], [String], End?) {
        switch event {
        case .next(let value):
            var held = state
            held[source] = value
            guard held.allSatisfy({ $0 != nil }) else { return (held, [], nil) }
            return (initial, ["(" + held.map { "\($0!)" }.joined(separator: ",") + ")"], nil)
        case .error(let id): return (state, [], .threw(id))
        case .completed: return (state, [], .finished)
        }
    }
}
