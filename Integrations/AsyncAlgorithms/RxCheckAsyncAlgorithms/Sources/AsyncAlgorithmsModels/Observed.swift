// What a run of an async operator showed, as plain values: the models judge this and nothing
// else. Apart from the judges so a model's reader sees the whole record in one place.

/// How an async sequence's iteration ended.
public enum End: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `next()` returned nil.
    case finished
    /// `next()` threw `TestError(id)`.
    case threw(Int)
    /// `next()` threw `CancellationError` (only ever after a cancel).
    case cancellation
    /// `next()` threw something else (described).
    case other(String)

    public var description: String {
        switch self {
        case .finished: return "finished"
        case .threw(let id): return "threw TestError(\(id))"
        case .cancellation: return "threw CancellationError"
        case .other(let text): return "threw \(text)"
        }
    }
}

/// One output element: its tick and its description (`(1,2)`, `[3,4]`, `5`).
public struct Emitted: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// When the consumer got it.
    public var tick: Int
    /// Its description.
    public var value: String

    /// `value` at `tick`.
    public init(_ tick: Int, _ value: String) {
        self.tick = tick
        self.value = value
    }

    public var description: String { "\(tick): \(value)" }
}

/// What the consumer of an operator observed in one run.
public struct Observed: Equatable, Sendable {
    /// Every element, in order.
    public var elements: [Emitted]
    /// How the iteration ended, and when; nil when it had not ended when the run stopped.
    public var end: (tick: Int, how: End)?
    /// The tick the consumer's task was cancelled (the output had not ended before), if it was.
    public var cancelledAt: Int?
    /// For each source (scenario order), the tick its first iteration began (nil: never
    /// iterated): the rendezvous and synchronous sources' timelines count from there.
    public var sourceStarts: [Int?]
    /// What each further consumer of the same output observed (`Scenario.extraSubscribers`).
    public var others: [Observed] = []
    /// Whether the run left the window open long after every source's last event, so that a
    /// consumer that kept asking has had everything it can ever get: a cancelled output is then
    /// held to all of it, not to a prefix.
    public var drained = false

    /// A record of these parts.
    public init(elements: [Emitted], end: (tick: Int, how: End)?, cancelledAt: Int?, sourceStarts: [Int?]) {
        self.elements = elements
        self.end = end
        self.cancelledAt = cancelledAt
        self.sourceStarts = sourceStarts
    }

    /// Equal parts (the end compared by tick and kind).
    public static func == (lhs: Observed, rhs: Observed) -> Bool {
        lhs.elements == rhs.elements && lhs.end?.tick == rhs.end?.tick && lhs.end?.how == rhs.end?.how
            && lhs.cancelledAt == rhs.cancelledAt && lhs.sourceStarts == rhs.sourceStarts && lhs.others == rhs.others
    }

    /// The elements a model is held to: all of them when the output ended on its own; only
    /// those before the cancel otherwise. Once its task is cancelled, what an operator still
    /// emits depends on how each source answers cancellation (a stream ends at once, a
    /// synchronous sequence goes on), and so does how it ends: cancellation is cooperative.
    public var judgedElements: [Emitted] {
        guard !endedBeforeCancel, let cancel = cancelledAt else { return elements }
        return elements.filter { $0.tick < cancel }
    }

    /// Whether the output ended on its own, before any cancel.
    public var endedBeforeCancel: Bool {
        guard let end else { return false }
        return cancelledAt.map { end.tick < $0 } ?? true
    }
}
