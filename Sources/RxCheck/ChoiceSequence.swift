import RxCore

/// A labelled stretch of a choice sequence: the choices one generator call drew.
/// Shrink passes delete or edit whole spans ("drop this event").
/// A name for a span of choices. The engine gives labels no meaning: a generator names the
/// shrink passes that act on its labels (`Gen.shrinkPasses`).
public struct SpanLabel: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The label, as generators write it and shrink passes name it.
    public let name: String
    /// A label named `name`.
    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }
    public var description: String { name }
}

/// The choices one labelled part of a generated value took: its label and where they lie in the
/// choice sequence.
public struct ChoiceSpan: Equatable, Sendable {
    /// What the generator called it.
    public var label: SpanLabel
    /// The choices it covers.
    public var range: Range<Int>

    /// True when `other` lies within this span (a span drawn inside this one's call).
    public func encloses(_ other: ChoiceSpan) -> Bool {
        range.lowerBound <= other.range.lowerBound && other.range.upperBound <= range.upperBound
    }
}

/// Raised inside a generator when a replayed sequence cannot describe a valid case (too many
/// choices); the candidate is simply rejected.
public struct ChoiceOverrun: Error {}

/// The stream every random decision of a generator goes through, and the record of it.
///
/// In random mode each draw comes from the RNG and is recorded; in replay mode draws come from
/// a given prefix (a value too large for the bound is clamped down) and, once the prefix is
/// used up, are 0 — the simplest choice. Because a case is a function of its choices,
/// editing the choices and replaying is how every generator shrinks.
public final class ChoiceSource {
    // Unchecked exclusivity: no access to these ever overlaps another (a draw's `random`
    // closure gets the generator and never the source), and the runtime checks cost about a
    // fifth of drawing a case.
    /// Advanced in place by each draw; a replaying source never uses it (`isReplaying`).
    @exclusivity(unchecked) private var rng: Xoshiro256
    private let prefix: [UInt64]
    /// The choices drawn so far (the values actually used), copied out of the record.
    public var choices: [UInt64] { record.array() }
    /// The record of the choices drawn: a raw buffer rather than an array, so a draw stores its
    /// choice without an array's uniqueness check (a case draws about ninety).
    @exclusivity(unchecked) private var record: DrawBuffer<UInt64>
    /// How many choices have been drawn.
    private var recorded: Int { record.count }
    /// Labelled spans, in the order they were closed: always when replaying, when drawing at
    /// random only if asked (`recordingSpans`). Only shrinking needs them, and it replays.
    @exclusivity(unchecked) public private(set) var spans: [ChoiceSpan] = []
    private let recordsSpans: Bool
    /// The size parameter (0 to 100): generators scale lengths with it.
    public let size: Int
    /// The most choices one case may draw before replay is abandoned.
    public let maxChoices: Int

    /// The most choices a case may draw unless a source is told otherwise.
    public static let defaultMaxChoices = 10_000

    /// A random source: every choice comes from `Xoshiro256(seed:)`. Most cases pass, so it
    /// records spans only when `recordingSpans` says so: a failing case gets them by replay.
    public init(seed: UInt64, size: Int, maxChoices: Int = defaultMaxChoices, recordingSpans: Bool = false) {
        self.rng = Xoshiro256(seed: seed)
        self.isReplaying = false
        self.prefix = []
        self.size = size
        self.maxChoices = maxChoices
        self.recordsSpans = recordingSpans
        // Most cases draw up to a hundred choices or so: room for them at once instead of
        // seven doublings, within the block malloc keeps in its per-thread cache.
        self.record = DrawBuffer(capacity: RawBlock.cachedBytes / MemoryLayout<UInt64>.stride)
        if recordingSpans { spans.reserveCapacity(128) }
    }

    /// A replaying source: choices come from `choices`, then zeros.
    public init(replaying choices: [UInt64], size: Int, maxChoices: Int = defaultMaxChoices) {
        self.rng = Xoshiro256(seed: 0)
        self.isReplaying = true
        self.prefix = choices
        self.size = size
        self.maxChoices = maxChoices
        self.recordsSpans = true
        self.record = DrawBuffer(capacity: min(choices.count, maxChoices))
    }

    deinit { record.free() }

    /// True when this source replays a given sequence.
    public let isReplaying: Bool

    /// A choice in `0..<bound`, uniform in random mode.
    public func draw(below bound: UInt64) throws -> UInt64 {
        try draw(below: bound) { $0.next(below: bound) }
    }

    /// A choice in `0..<bound`. In random mode `random` picks it (clamped below `bound`), so a
    /// generator can bias what it draws while shrinking still sees a plain number. `random`
    /// uses the generator it is handed, never this source.
    public func draw(below bound: UInt64, random: (inout Xoshiro256) -> UInt64) throws -> UInt64 {
        precondition(bound > 0, "draw(below:) needs a positive bound")
        guard recorded < maxChoices else { throw ChoiceOverrun() }
        let value: UInt64
        if !isReplaying {
            value = min(random(&rng), bound - 1)
        } else if recorded < prefix.count {
            value = min(prefix[recorded], bound - 1)
        } else {
            value = 0
        }
        record.append(value)
        return value
    }

    /// Runs `body` and records the choices it drew as one span called `label`.
    // Inlined, so drawing at random (most cases: no spans kept) runs `body` in place.
    @inline(__always)
    public func span<Value>(_ label: SpanLabel, _ body: () throws -> Value) rethrows -> Value {
        guard recordsSpans else { return try body() }
        let start = recorded
        let value = try body()
        record(label, from: start)
        return value
    }

    /// Records the choices from `start` on as one span called `label`.
    private func record(_ label: SpanLabel, from start: Int) {
        spans.append(ChoiceSpan(label: label, range: start..<recorded))
    }
}

/// Orders choice sequences shortlex: shorter first, then lexicographically smaller. The
/// shrinker only ever accepts a strictly smaller sequence, so it always terminates.
public func shortlexPrecedes(_ lhs: [UInt64], _ rhs: [UInt64]) -> Bool {
    if lhs.count != rhs.count { return lhs.count < rhs.count }
    for (l, r) in zip(lhs, rhs) where l != r { return l < r }
    return false
}

/// Orders choice sequences by the sum of their choices inside spans labelled `weighed` first
/// (see `Gen.weighedSpans`), then shortlex. Both are well-founded, so a shrinker accepting only
/// smaller sequences by this order still always terminates.
func weighedPrecedes(_ lhs: [UInt64], _ lhsSpans: [ChoiceSpan], _ rhs: [UInt64], _ rhsSpans: [ChoiceSpan],
                     weighed: [SpanLabel]) -> Bool {
    guard !weighed.isEmpty else { return shortlexPrecedes(lhs, rhs) }
    let left = weight(lhs, lhsSpans, weighed), right = weight(rhs, rhsSpans, weighed)
    if left != right { return left < right }
    return shortlexPrecedes(lhs, rhs)
}

/// The sum of the choices inside spans labelled `weighed` (saturating; nested spans count once).
func weight(_ choices: [UInt64], _ spans: [ChoiceSpan], _ weighed: [SpanLabel]) -> UInt64 {
    var sum: UInt64 = 0
    var covered = 0
    for span in spans.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where weighed.contains(span.label) {
        for index in max(span.range.lowerBound, covered)..<min(span.range.upperBound, choices.count) {
            let (next, overflow) = sum.addingReportingOverflow(choices[index])
            sum = overflow ? .max : next
        }
        covered = max(covered, span.range.upperBound)
    }
    return sum
}
