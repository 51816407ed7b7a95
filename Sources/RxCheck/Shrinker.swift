import Foundation
import RxTestKit

/// One shrinking pass. The generic ones edit choices without knowing what they mean; the
/// span-aware ones act on spans by the labels a generator gives them, so it is the generator
/// that decides what they do (the scenario generator's passes drop a source, drop an event,
/// restore the tie order…: see `ScenarioShape`).
public indirect enum ShrinkPass: Sendable, Equatable {
    /// Deletes recorded spans of three or more choices, then runs of blocks of one, two … up to
    /// `upTo` choices at every position, each run as long as the case still fails.
    case deleteBlocks(upTo: Int)
    /// Sets blocks of choices to zero.
    case zeroBlocks
    /// Lowers each choice, by binary search.
    case lowerNumbers
    /// Lowers equal choices together.
    case lowerDuplicates
    /// Swaps neighbouring choices that are out of order.
    case sortNeighbours
    /// Moves value from a choice to a later one of the same kind (innermost span label): the
    /// earlier goes down by as much as it can while the case still fails, the later up by as
    /// much. Reaches forms that lowering one choice at a time cannot, where two choices must
    /// keep a sum (two values that must overflow together) or swap places.
    case redistribute
    /// Tries a span as drawn at zero, then with its count (the choice after its flag) at zero.
    case drawSmall(SpanLabel)
    /// Deletes each span, lowering the counter span that announced it.
    case drop(SpanLabel, adjusting: SpanLabel)
    /// Deletes each span, adding its `gap` choice to the next span's, so what follows keeps its place.
    case dropKeepingPlaces(SpanLabel, gap: SpanLabel)
    /// Makes each span as simple as possible: a single zero, or zeros in place.
    case zero(SpanLabel)
    /// Lowers a `gap` by one, raising the next gap within the same `owner` span, and tries
    /// the `tie` choice after it raised when the move needs a later place among equals.
    case pullEarlier(gap: SpanLabel, tie: SpanLabel, owner: SpanLabel)
    /// Swaps neighbouring spans.
    case swap(SpanLabel)
    /// Gives up a `give` span — deleted, or lowered by one if it is a single choice — while
    /// raising by one the first choice of a `take` span: one smaller case reached from another
    /// only by two edits at once, neither of which fails alone (an event dropped while its
    /// source's kind goes up a step, or its terminal appears at its tick — `gap` says which
    /// choice keeps a deleted span's place; a tie lowered while another source's kind goes up).
    /// With `within`, only a `take` span inside the same `within` span as the given one.
    case trade(give: SpanLabel, take: [SpanLabel], gap: SpanLabel, within: SpanLabel?)
    /// Deletes each `give` span while lowering by one the choices `counts` point at — all of
    /// them at once, then each alone: what counts the given spans (how many elements before
    /// the observer acts, how many an operator takes) goes down with them.
    case dropCounted(give: SpanLabel, counts: [ChoiceRef])
    /// Deletes each span while lowering by one a choice before it that no span of the same
    /// label holds: a length drawn before the elements it counts goes down with one of them
    /// (lowering it alone reads one element fewer and leaves the last one's choices over).
    case deleteLowering
    /// Deletes each element of a list (a run of adjacent `element` spans) while lowering by one
    /// every value in the list's other elements above the deleted one's index: a list whose
    /// values are indices into itself keeps pointing at the same elements.
    case deleteRenumbering
    /// Lowers two nonzero choices at most eight apart by one each, at once: a case where
    /// either alone passes — a division's operator and its divisor, turning `x / (0 / 1)`
    /// into `x / (0 + 0)`.
    case lowerPairs
    /// Runs `pass` only in rounds where no other pass made progress: for passes that try
    /// many candidates and rarely succeed once the generator's own passes have run. They still
    /// get the last word — shrinking stops only when every pass, these included, is stuck.
    case whenStuck(ShrinkPass)
    /// Tries the candidates a generator computes from the best choices and their spans: for an
    /// edit only the generator can spell, such as the same values drawn another way.
    case rewrite(ChoiceRewrite)

    /// A pass with the name statistics report it by.
    public typealias Named = (name: String, pass: ShrinkPass)

    /// The passes any generator gets: the blind ones, then those for plain values.
    public static let generic: [Named] = blind + forPlainValues

    /// Edits of choices that know nothing of what they mean.
    public static let blind: [Named] = [
        ("delete choice blocks", .deleteBlocks(upTo: 3)),
        ("zero choice blocks", .zeroBlocks),
        ("lower numbers", .lowerNumbers),
        ("lower duplicates together", .lowerDuplicates),
        ("sort neighbouring choices", .sortNeighbours),
        // It tries a pair of choices per call: most cases never need it.
        ("move value between choices", .whenStuck(.redistribute)),
    ]

    /// Edits for values drawn by the generic generators — lengths before their elements,
    /// indices into a list, operators and their operands, neighbouring lists — each run when
    /// the others are stuck. A generator that draws its counts and indices its own way (a
    /// scenario) names its own passes for them instead.
    public static let forPlainValues: [Named] = [
        ("delete a span, lowering a length before it", .whenStuck(.deleteLowering)),
        ("delete a list element, renumbering indices past it", .whenStuck(.deleteRenumbering)),
        ("lower two choices together", .whenStuck(.lowerPairs)),
        // An empty list is one choice, a full one starts with a 1: lists trade places to put
        // the empty ones first.
        ("swap neighbouring lists", .whenStuck(.swap("list"))),
    ]

    /// The passes of two generators drawn one after the other: the first's, then the second's
    /// that the first does not have (by name: where both tune the same pass, the first's wins).
    public static func merging(_ first: [Named], _ second: [Named]) -> [Named] {
        first + second.filter { pass in !first.contains { $0.name == pass.name } }
    }
}

/// Candidates a generator computes from a case's choices and spans (`ShrinkPass.rewrite`);
/// each is tried like any other (kept only if shortlex-smaller and still failing). Equal by
/// name.
public struct ChoiceRewrite: Sendable, Equatable {
    public let name: String
    public let candidates: @Sendable (_ choices: [UInt64], _ spans: [ChoiceSpan]) -> [[UInt64]]

    public init(_ name: String, candidates: @escaping @Sendable (_ choices: [UInt64], _ spans: [ChoiceSpan]) -> [[UInt64]]) {
        self.name = name
        self.candidates = candidates
    }

    public static func == (lhs: ChoiceRewrite, rhs: ChoiceRewrite) -> Bool { lhs.name == rhs.name }
}

/// A choice inside a span: the one `offset` places after the start of each span called `label`.
public struct ChoiceRef: Sendable, Equatable {
    public let label: SpanLabel
    public let offset: Int
    public init(_ label: SpanLabel, offset: Int = 0) {
        self.label = label
        self.offset = offset
    }
}

/// Shrinks a failing case by editing its choice sequence and replaying the generator.
///
/// The generator's passes (`Gen.shrinkPasses`) run in order until none makes progress. A
/// candidate is accepted only if it still fails and its choices are shortlex-smaller than the
/// best so far, so shrinking always terminates.
public struct Shrinker<Case> {
    let property: Property<Case>
    let size: Int
    let maxCalls: Int
    let deadline: Date
    let maxSeconds: Double
    /// The smallest failing choices found.
    public private(set) var best: [UInt64]
    /// The choices `bestFailure` was checked with in full.
    private let spelledOut: [UInt64]
    /// The case they generate.
    public private(set) var bestValue: Case
    /// How it fails.
    public private(set) var bestFailure: Failure
    private var spans: [ChoiceSpan] = []
    /// Property calls made.
    public private(set) var calls = 0
    /// Accepted steps.
    public private(set) var steps = 0
    private var passCalls: [String: Int] = [:]
    private var passSuccesses: [String: Int] = [:]
    private var currentPass = ""
    private var exhausted: StopReason?
    /// Every candidate tried: replaying one again gives the same verdict (the generator and the
    /// property are deterministic, and the best only gets smaller), so it is never run twice.
    private var tried = Set<TriedChoices>()
    /// The verdict on every case checked, by the case's hash, when cases are `Hashable`
    /// (`Property.keying`): different choices often draw the same case (a value clamped to its
    /// range, a choice the case no longer reads), and `check` is a pure function of the case,
    /// so each case is checked once. Only cases of at most `largestRemembered` (by
    /// `Property.measure`) are kept: a few thousand large ones would hold gigabytes.
    private var verdicts: [Int: [(value: Case, verdict: Verdict)]] = [:]
    /// The largest case whose verdict is kept (events, for scenarios).
    public static var largestRemembered: Int { 1_000 }
    /// Candidates whose case had been checked already: judged without a property call.
    public private(set) var reusedVerdicts = 0

    /// `spans` are those the failing case was drawn with; without them the generator is
    /// replayed once to find them.
    public init(property: Property<Case>, size: Int, choices: [UInt64], value: Case, failure: Failure,
                spans: [ChoiceSpan]? = nil, maxCalls: Int = 5_000, maxSeconds: Double = 30) {
        self.property = property
        self.size = size
        self.best = choices
        self.spelledOut = choices
        self.bestValue = value
        self.bestFailure = failure
        self.maxCalls = maxCalls
        self.maxSeconds = maxSeconds
        self.deadline = Date().addingTimeInterval(maxSeconds)
        if let spans {
            self.spans = spans
        } else {
            let source = ChoiceSource(replaying: choices, size: size)
            if (try? property.generator.generate(source)) != nil { self.spans = source.spans }
        }
    }

    /// Counters per pass: calls made and accepted steps.
    public var statistics: [(name: String, calls: Int, successes: Int)] {
        property.generator.shrinkPasses.map { ($0.name, passCalls[$0.name] ?? 0, passSuccesses[$0.name] ?? 0) }
    }

    /// Runs passes to a fixed point or until a budget is used. `whenStuck` passes run only in
    /// rounds where the others made no progress. Candidates are checked without failure
    /// details (`Failure.detailed`); the smallest is checked once more, with them, for the
    /// report — a replay not counted in `calls`.
    @_specialize(where Case == Scenario)
    public mutating func run() -> StopReason {
        let stop = search()
        if best != spelledOut, case .fail(let failure) = property.check(bestValue) { bestFailure = failure }
        return stop
    }

    private mutating func search() -> StopReason {
        let passes = property.generator.shrinkPasses
        let escapes: [ShrinkPass.Named] = passes.compactMap { named in
            guard case .whenStuck(let pass) = named.pass else { return nil }
            return (named.name, pass)
        }
        let cheap = passes.filter { named in
            if case .whenStuck = named.pass { return false } else { return true }
        }
        while true {
            var before = best
            for pass in cheap {
                currentPass = pass.name
                run(pass.pass)
                if let exhausted { return exhausted }
            }
            if best != before { continue }
            before = best
            for pass in escapes {
                currentPass = pass.name
                run(pass.pass)
                if let exhausted { return exhausted }
            }
            if best == before { return .shrinkFixedPoint }
        }
    }

    private mutating func run(_ pass: ShrinkPass) {
        switch pass {
        case .deleteBlocks(let size): deleteBlocks(upTo: size)
        case .zeroBlocks: zeroBlocks()
        case .lowerNumbers: lowerChoices()
        case .lowerDuplicates: lowerDuplicates()
        case .sortNeighbours: swapNeighbours()
        case .redistribute: redistribute()
        case .drawSmall(let label): drawSmall(labelled: label)
        case .drop(let label, let counter): dropSpans(labelled: label, adjusting: counter)
        case .dropKeepingPlaces(let label, let gap): dropKeepingPlaces(labelled: label, gap: gap)
        case .zero(let label): zeroSpans(labelled: label)
        case .pullEarlier(let gap, let tie, let owner): pullEarlier(gap: gap, tie: tie, owner: owner)
        case .swap(let label): swapSpans(labelled: label)
        case .trade(let give, let take, let gap, let within): trade(give: give, take: take, gap: gap, within: within)
        case .dropCounted(let give, let counts): dropCounted(give: give, counts: counts)
        case .deleteLowering: deleteLowering()
        case .deleteRenumbering: deleteRenumbering()
        case .lowerPairs: lowerPairs()
        case .rewrite(let rewrite):
            for candidate in rewrite.candidates(best, spans) where attempt(candidate) { break }
        case .whenStuck(let pass): run(pass)
        }
    }

    /// Tries `candidate`; keeps it when it is smaller and still fails.
    @discardableResult
    mutating func attempt(_ candidate: [UInt64]) -> Bool {
        guard exhausted == nil, shortlexPrecedes(candidate, best), tried.insert(TriedChoices(candidate)).inserted else { return false }
        if calls >= maxCalls { exhausted = .shrinkCallBudget(maxCalls); return false }
        if Date() > deadline { exhausted = .shrinkTimeBudget(maxSeconds); return false }
        let source = ChoiceSource(replaying: candidate, size: size, maxChoices: best.count + 64)
        guard let value = try? property.generator.generate(source) else { return false }
        // Only a case small enough to keep is looked up, and kept.
        let keying = property.measure(value) <= Self.largestRemembered ? property.keying : nil
        let hash = keying?.hash(value)
        let verdict: Verdict
        if let keying, let hash, let known = verdicts[hash]?.first(where: { keying.equal($0.value, value) }) {
            verdict = known.verdict
            reusedVerdicts += 1
        } else {
            calls += 1
            passCalls[currentPass, default: 0] += 1
            verdict = Failure.$detailed.withValue(false, operation: { property.check(value) })
            if let hash { verdicts[hash, default: []].append((value, verdict)) }
        }
        guard case .fail(let failure) = verdict else { return false }
        // Keep the choices actually used: a replay may read fewer than it was given.
        let used = source.choices
        guard shortlexPrecedes(used, best) else { return false }
        best = used
        bestValue = value
        bestFailure = failure
        spans = source.spans
        steps += 1
        passSuccesses[currentPass, default: 0] += 1
        return true
    }

    private func spans(labelled label: SpanLabel) -> [ChoiceSpan] { spans.filter { $0.label == label } }

    // MARK: Span passes

    /// Deletes each span with `label` (last first); also lowers the first `adjusting` choice,
    /// so dropping a source lowers the arity that announced it.
    mutating func dropSpans(labelled label: SpanLabel, adjusting counter: SpanLabel) {
        var index = spans(labelled: label).count - 1
        while index >= 0 {
            let current = spans(labelled: label)
            guard index < current.count else { index -= 1; continue }
            let span = current[index]
            var candidate = best
            candidate.removeSubrange(span.range)
            if let arity = spans(labelled: counter).first, arity.range.count == 1, arity.range.upperBound <= span.range.lowerBound,
               candidate[arity.range.lowerBound] > 0 {
                candidate[arity.range.lowerBound] -= 1
            }
            if !attempt(candidate) { attempt(removing: span.range) }
            index -= 1
        }
    }

    @discardableResult
    private mutating func attempt(removing range: Range<Int>) -> Bool {
        var candidate = best
        candidate.removeSubrange(range)
        return attempt(candidate)
    }

    /// Removes one event while keeping later events at their ticks: its span goes, and its gap
    /// is added to the next event's gap. Falls back to plain deletion. When an event goes, the
    /// events right before it are tried along with it, as many as still fail (`findInteger`:
    /// O(log k) calls for k), so a long run of events a failure does not need goes in a few
    /// calls instead of one each.
    mutating func dropKeepingPlaces(labelled label: SpanLabel, gap: SpanLabel) {
        var index = spans(labelled: label).count - 1
        while index >= 0 {
            let events = spans(labelled: label).filter { $0.range.count > 1 }
            guard index < events.count else { index -= 1; continue }
            guard attempt(Self.dropping(index..<index + 1, of: events, gaps: spans(labelled: gap), from: best))
                    || attempt(removing: events[index].range) else {
                index -= 1
                continue
            }
            // The events before it, adjacent in the choices: tried together, from the same base.
            let base = best
            let remaining = spans(labelled: label).filter { $0.range.count > 1 }
            let gaps = spans(labelled: gap)
            var run = 0
            while run < index, index - run - 1 < remaining.count,
                  run == 0 || remaining[index - run - 1].range.upperBound == remaining[index - run].range.lowerBound {
                run += 1
            }
            let taken = Self.findInteger(limit: UInt64(run)) { k in
                attempt(Self.dropping(index - Int(k)..<index, of: remaining, gaps: gaps, from: base))
            }
            index -= 1 + Int(taken)
        }
    }

    /// `base` without the events at `block` (adjacent in the choices), their gaps added to the
    /// gap that follows them, so later events keep their ticks; plain deletion where a gap is
    /// not a single choice.
    static func dropping(_ block: Range<Int>, of events: [ChoiceSpan], gaps: [ChoiceSpan], from base: [UInt64]) -> [UInt64] {
        let range = events[block.lowerBound].range.lowerBound..<events[block.upperBound - 1].range.upperBound
        var candidate = base
        guard range.upperBound <= base.count else { return candidate }
        let own = gaps.filter { range.contains($0.range.lowerBound) }
        if let next = gaps.first(where: { $0.range.lowerBound >= range.upperBound }), next.range.count == 1,
           own.count == block.count, own.allSatisfy({ $0.range.count == 1 }) {
            candidate[next.range.lowerBound] += own.reduce(0) { $0 + base[$1.range.lowerBound] }
        }
        candidate.removeSubrange(range)
        return candidate
    }

    /// Makes each span with `label` as simple as possible: first replaced by a single 0 (a
    /// variable-length span such as a terminal event or an early dispose reads one choice when
    /// its first is 0, so leaving the rest in place would misalign everything after it), then,
    /// failing that, zeroed in place.
    mutating func zeroSpans(labelled label: SpanLabel) {
        for span in spans(labelled: label).reversed() where !span.range.isEmpty {
            guard span.range.upperBound <= best.count, best[span.range].contains(where: { $0 != 0 }) else { continue }
            if span.range.count > 1 {
                var shorter = best
                shorter.replaceSubrange(span.range, with: [0])
                if attempt(shorter) { continue }
            }
            var candidate = best
            for position in span.range { candidate[position] = 0 }
            attempt(candidate)
        }
    }

    /// A large case (span `large`: a flag, then the count, then the rest) is tried as no large
    /// case at all, then as the same case with its count at zero, then with the least count
    /// that still fails: either way later passes work on a small case, and each of their calls
    /// is cheap.
    mutating func drawSmall(labelled label: SpanLabel) {
        zeroSpans(labelled: label)
        for span in spans(labelled: label).reversed() where span.range.count > 2 {
            let count = span.range.lowerBound + 1
            guard count < best.count, best[count] != 0 else { continue }
            var candidate = best
            candidate[count] = 0
            if !attempt(candidate) { lowerUpwards(at: count) }
        }
    }

    /// The least value of the choice at `position` that still fails, searched upwards from 1
    /// in doubling steps and then halved: every probe runs a case no larger than the answer's
    /// double, so a count in the thousands is lowered without running the thousands again (a
    /// binary search from above would start at half of them), and every pass after it works
    /// on the small case.
    ///
    /// A count below a thousand is first tried one lower, and if that no longer fails the
    /// search ends there: in the rounds after the first the count is usually minimal already,
    /// and the search from 1 would run again for nothing. (A count in the thousands is not:
    /// that one probe would run the thousands.) If it still fails, the count has moved little
    /// since the last round as a rule: it goes on down by 2, 4, 8, … until a probe passes, and
    /// the search halves between that probe and the least count that failed. (A count that
    /// fell far instead costs a probe per halving, each about as large as the case, where the
    /// search from 1 would have probed small cases first: at most ten below a thousand.)
    mutating func lowerUpwards(at position: Int) {
        var low: UInt64 = 0
        var high = best[position]
        if high > 2 && high < 1_000 {
            // One lower first, then 2, 4, 8… lower than the least count that failed so far.
            var distance: UInt64 = 1
            while distance < high {
                var probe = best
                probe[position] = high - distance
                guard attempt(probe) else {
                    if distance == 1 { return }   // one lower passes: the count is the least
                    low = high - distance
                    break
                }
                guard position < best.count else { return }
                high = best[position]
                distance *= 2
            }
        }
        var step: UInt64 = low == 0 ? 1 : high
        while step < high {
            var probe = best
            probe[position] = step
            if attempt(probe) {
                high = step
                break
            }
            low = step
            step = step > high / 2 ? high : step * 2
        }
        while high - low > 1, position < best.count {
            let middle = low + (high - low) / 2
            var probe = best
            probe[position] = middle
            if attempt(probe) { high = middle } else { low = middle }
        }
    }

    // MARK: Generic passes

    /// Deletes what the case can do without, adaptively: every span of three or more choices
    /// the generator recorded (a nested element, an event), then at each position, from the
    /// end, as long a run of single choices — or, when one alone cannot go, of pairs (an array
    /// element is a flag and a value), then of triples (a tree node and a leaf) — as still
    /// fails (`findInteger`: one call per block size where nothing can go, O(log k) calls for
    /// k). A generator whose own span passes delete its structure can stop at pairs.
    mutating func deleteBlocks(upTo largest: Int = 3) {
        var index = spans.count - 1
        while index >= 0 {
            if index < spans.count, spans[index].range.count >= 3, spans[index].range.upperBound <= best.count {
                attempt(removing: spans[index].range)
            }
            index -= 1
        }
        var start = best.count - 1
        while start >= 0 {
            for unit in 1...max(largest, 1) where start + unit <= best.count {
                let base = best
                func removing(_ k: UInt64) -> [UInt64] {
                    var candidate = base
                    candidate.removeSubrange(start..<min(base.count, start + Int(k) * unit))
                    return candidate
                }
                let limit = UInt64((base.count - start) / unit)
                if Self.findInteger(limit: limit, { k in attempt(removing(k)) || best == removing(k) }) > 0 { break }
            }
            start -= 1
        }
    }

    /// Sets blocks of 8, 4 and 2 choices to zero.
    mutating func zeroBlocks() {
        for length in [8, 4, 2] {
            var start = 0
            while start + length <= best.count {
                if best[start..<(start + length)].contains(where: { $0 != 0 }) {
                    var candidate = best
                    for position in start..<(start + length) { candidate[position] = 0 }
                    attempt(candidate)
                }
                start += 1
            }
        }
    }

    /// Lowers each choice as far as it still fails: try 0, then binary search between 0 and
    /// the value, so a value v costs O(log v) calls.
    mutating func lowerChoices() {
        var position = 0
        while position < best.count {
            let original = best[position]
            if original > 0 {
                var candidate = best
                candidate[position] = 0
                if !attempt(candidate) {
                    // Invariant: `low` passes (or is not accepted), `high` fails.
                    var low: UInt64 = 0
                    var high = best[position]
                    // A large value one lower first: where that no longer fails, a search
                    // from zero would climb back to this value (in the rounds after the first,
                    // most are there). A small one is searched whole, in as many calls: its
                    // failing values need not be contiguous (an odd one, say).
                    if high >= 8 {
                        var probe = best
                        probe[position] = high - 1
                        if attempt(probe) { high -= 1 } else { low = high - 1 }
                    }
                    while high - low > 1 {
                        let middle = low + (high - low) / 2
                        var probe = best
                        guard position < probe.count else { break }
                        probe[position] = middle
                        if attempt(probe) { high = middle } else { low = middle }
                    }
                }
            }
            position += 1
        }
    }

    /// Lowers every occurrence of a repeated choice value at once (values that must stay equal,
    /// like the two copies in `[52, 52]`, cannot shrink one at a time). Occurrences are grouped
    /// by the label of their innermost span first — two gaps, two values — so that equal
    /// choices of different kinds (a gap and a "more" flag) do not have to move together; then
    /// all occurrences of a value are tried together.
    mutating func lowerDuplicates() {
        let innermost = innermostLabels()
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (position, value) in best.enumerated() where value > 0 {
            for key in ["\(innermost[position]) \(value)", "* \(value)"] {
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(position)
            }
        }
        for key in order {
            guard let positions = groups[key], positions.count > 1,
                  let value = positions.first.map({ best.indices.contains($0) ? best[$0] : 0 }), value > 0,
                  positions.allSatisfy({ best.indices.contains($0) && best[$0] == value }) else { continue }
            func with(_ replacement: UInt64) -> [UInt64] {
                var candidate = best
                for position in positions { candidate[position] = replacement }
                return candidate
            }
            if attempt(with(0)) { continue }
            var low: UInt64 = 0
            var high = value
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if attempt(with(middle)) { high = middle } else { low = middle }
            }
        }
    }

    /// Moves one event a grid step earlier while keeping the later events of its source in
    /// place: its gap goes down by one and the next gap of the same source up by one (or, when
    /// that fails, all later events move too). Landing on another event's tick may need a
    /// later place in the tie, so each move is also tried with the moved event's tie priority
    /// raised.
    mutating func pullEarlier(gap: SpanLabel, tie: SpanLabel, owner: SpanLabel) {
        let gaps = spans(labelled: gap).filter { $0.range.count == 1 }
        let ties = spans(labelled: tie).filter { $0.range.count == 1 }
        let sources = spans(labelled: owner)
        for (offset, gap) in gaps.enumerated() {
            let position = gap.range.lowerBound
            guard position < best.count, best[position] > 0 else { continue }
            let owner = sources.first { $0.range.contains(position) }?.range
            var plain = best
            plain[position] -= 1
            var candidates = [plain]
            if offset + 1 < gaps.count, let owner, owner.contains(gaps[offset + 1].range.lowerBound) {
                var compensated = plain
                compensated[gaps[offset + 1].range.lowerBound] += 1
                candidates.insert(compensated, at: 0)
            }
            let tie = ties.first { $0.range.lowerBound > position }?.range.lowerBound
            moves: for candidate in candidates {
                if attempt(candidate) { break }
                if let tie, tie < candidate.count {
                    for priority in 1...3 {
                        var raised = candidate
                        raised[tie] = UInt64(priority)
                        if attempt(raised) { break moves }
                    }
                }
            }
        }
    }

    /// Swaps the choices of neighbouring spans with `label` (two sources), which normalises
    /// counterexamples that do not care which source does what.
    mutating func swapSpans(labelled label: SpanLabel) {
        var index = 0
        while true {
            let current = spans(labelled: label).filter { !$0.range.isEmpty }.sorted { $0.range.lowerBound < $1.range.lowerBound }
            guard index + 1 < current.count else { return }
            let first = current[index].range, second = current[index + 1].range
            if first.upperBound == second.lowerBound, second.upperBound <= best.count {
                var candidate = Array(best[..<first.lowerBound])
                candidate += best[second]
                candidate += best[first]
                candidate += best[second.upperBound...]
                attempt(candidate)
            }
            index += 1
        }
    }

    /// Each `give` span (last first) is deleted, or lowered by one if it is a single choice,
    /// together with a raise by one of the first choice of a `take` span outside it — every
    /// pairing, each tried only when the pair makes a smaller sequence (a raise after a
    /// lowering at the same length is larger, and costs no call). A raised single-choice span
    /// may open choices after it (a terminal's kind, then its gap and tie): it is tried as it
    /// is, then with two and three zeros after it, the first of them carrying the deleted
    /// span's `gap` when it had one, so what it stood for keeps its place.
    mutating func trade(give: SpanLabel, take: [SpanLabel], gap: SpanLabel, within: SpanLabel?) {
        var index = spans(labelled: give).count - 1
        while index >= 0 {
            let gives = spans(labelled: give).filter { !$0.range.isEmpty && $0.range.upperBound <= best.count }
            guard index < gives.count else { index -= 1; continue }
            let given = gives[index].range
            var base = best
            if given.count > 1 {
                base.removeSubrange(given)
            } else if base[given.lowerBound] > 0 {
                base[given.lowerBound] -= 1
            } else {
                index -= 1
                continue
            }
            let removed = given.count > 1 ? given.count : 0
            let carried = removed > 0 ? spans(labelled: gap).first { given.contains($0.range.lowerBound) && $0.range.count == 1 }
                .map { best[$0.range.lowerBound] } ?? 0 : 0
            let owner = within.flatMap { label in
                spans(labelled: label).filter { $0.range.contains(given.lowerBound) }.min { $0.range.count < $1.range.count }?.range
            }
            let targets = spans.filter { span in
                take.contains(span.label) && !span.range.isEmpty && !given.contains(span.range.lowerBound)
                    && (within == nil || owner?.contains(span.range.lowerBound) == true)
            }
            var seen = Set<Int>()
            search: for target in targets.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
                where seen.insert(target.range.lowerBound).inserted {
                let position = target.range.lowerBound >= given.upperBound ? target.range.lowerBound - removed : target.range.lowerBound
                guard position < base.count, base[position] < UInt64.max else { continue }
                var raised = base
                raised[position] += 1
                if attempt(raised) { break }
                guard removed > 0, target.range.count == 1 else { continue }
                for padding in [2, 3] {
                    var padded = raised
                    padded.insert(contentsOf: [UInt64](repeating: 0, count: padding), at: position + 1)
                    if attempt(padded) { break search }
                    if carried > 0, target.range.lowerBound >= given.upperBound {
                        padded[position + 1] = carried
                        if attempt(padded) { break search }
                    }
                }
            }
            index -= 1
        }
    }

    /// Each `give` span (last first) deleted while every choice `counts` names that is above
    /// zero goes down by one; then with each of them alone.
    mutating func dropCounted(give: SpanLabel, counts: [ChoiceRef]) {
        var index = spans(labelled: give).count - 1
        while index >= 0 {
            let gives = spans(labelled: give).filter { $0.range.count > 1 && $0.range.upperBound <= best.count }
            guard index < gives.count else { index -= 1; continue }
            let given = gives[index].range
            let positions = counts.flatMap { ref in
                spans(labelled: ref.label).compactMap { span -> Int? in
                    let position = span.range.lowerBound + ref.offset
                    guard span.range.contains(position), position < best.count, best[position] > 0,
                          !given.contains(position) else { return nil }
                    return position >= given.upperBound ? position - given.count : position
                }
            }
            index -= 1
            guard !positions.isEmpty else { continue }
            var base = best
            base.removeSubrange(given)
            func lowering(_ chosen: [Int]) -> [UInt64] {
                var candidate = base
                for position in chosen { candidate[position] -= 1 }
                return candidate
            }
            if attempt(lowering(positions)) || positions.count == 1 { continue }
            for position in positions where attempt(lowering([position])) { break }
        }
    }

    mutating func deleteLowering() {
        var index = spans.count - 1
        while index >= 0 {
            defer { index -= 1 }
            guard index < spans.count else { continue }
            let deleted = spans[index]
            guard !deleted.range.isEmpty, deleted.range.upperBound <= best.count else { continue }
            // Choices before it outside every span of its label: lengths, flags, parameters.
            let siblings = spans.filter { $0.label == deleted.label }
            for position in (0..<deleted.range.lowerBound).reversed() where best[position] > 0
                && !siblings.contains(where: { $0.range.contains(position) }) {
                var candidate = best
                candidate.removeSubrange(deleted.range)
                candidate[position] -= 1
                if attempt(candidate) { break }
            }
        }
    }

    mutating func lowerPairs() {
        var first = 0
        while first < best.count {
            defer { first += 1 }
            for second in (first + 1)..<min(first + 9, best.count) where best[first] > 0 && best[second] > 0 {
                // Once a pair goes down together it goes on, in doubling steps while they
                // still fail, back to one step when a larger one does not.
                var step: UInt64 = 1
                var lowered = false
                while second < best.count, min(best[first], best[second]) > 0 {
                    let amount = min(step, best[first], best[second])
                    var candidate = best
                    candidate[first] -= amount
                    candidate[second] -= amount
                    if attempt(candidate) {
                        lowered = true
                        step *= 2
                    } else if step == 1 {
                        break
                    } else {
                        step = 1
                    }
                }
                if lowered { break }
            }
        }
    }

    mutating func deleteRenumbering() {
        // Lists: runs of adjacent innermost `element` spans, each element's value choices being
        // all but a leading "more" flag (a 1 first in a span of two or more).
        let elements = spans.filter { span in
            span.label == "element" && span.range.count > 0 && span.range.upperBound <= best.count
                && !spans.contains { $0.label == "element" && $0.range != span.range && span.encloses($0) }
        }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var lists: [[ChoiceSpan]] = []
        for element in elements {
            if let last = lists.last?.last, last.range.upperBound == element.range.lowerBound {
                lists[lists.count - 1].append(element)
            } else {
                lists.append([element])
            }
        }
        for list in lists.reversed() where list.count > 1 {
            for (deletedIndex, deleted) in list.enumerated().reversed() {
                var candidate = best
                for element in list where element.range != deleted.range {
                    let values = element.range.count > 1 && best[element.range.lowerBound] == 1 ? element.range.dropFirst() : element.range[...]
                    for position in values where candidate[position] > UInt64(deletedIndex) { candidate[position] -= 1 }
                }
                candidate.removeSubrange(deleted.range)
                if candidate != best, attempt(candidate) { return }
            }
        }
    }

    /// The label of each position's innermost (narrowest) span in the current best; "" for a
    /// position outside every span.
    private func innermostLabels() -> [String] {
        var innermost = [String](repeating: "", count: best.count)
        var width = [Int](repeating: Int.max, count: best.count)
        for span in spans where !span.range.isEmpty {
            for position in span.range where position < best.count && span.range.count < width[position] {
                width[position] = span.range.count
                innermost[position] = span.label.name
            }
        }
        return innermost
    }

    /// The positions of the current best grouped by the label of their innermost span, in
    /// order of first appearance.
    private func positionsByInnermostLabel() -> [[Int]] {
        let innermost = innermostLabels()
        var groups: [String: Int] = [:]
        var result: [[Int]] = []
        for position in best.indices {
            if let group = groups[innermost[position]] {
                result[group].append(position)
            } else {
                groups[innermost[position]] = result.count
                result.append([position])
            }
        }
        return result
    }

    /// The largest `k` with `works(k)`, assuming `works(0)` and that `works` mostly holds
    /// below its largest true point: 1…4 one by one, then doubling, then a binary search
    /// between the last true and the first false — O(log k) calls for a result k, and a
    /// single call when `works(1)` fails.
    static func findInteger(limit: UInt64, _ works: (UInt64) -> Bool) -> UInt64 {
        var found: UInt64 = 0
        for k in 1...min(4, max(limit, 1)) where k <= limit {
            guard works(k) else { return found }
            found = k
        }
        guard found == 4, limit > 4 else { return found }
        // Invariant: `works(low)`, and `high` fails or lies past the limit.
        var low: UInt64 = 4
        var high: UInt64 = 8
        while high <= limit, works(high) {
            low = high
            high = high > limit / 2 ? limit + 1 : high * 2
        }
        high = min(high, limit + 1)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if works(middle) { low = middle } else { high = middle }
        }
        return low
    }

    /// Moves value from each choice to the next three of the same kind: first all of it (the
    /// later choice clamps to its bound), then as much as still fails (`findInteger`).
    mutating func redistribute() {
        for group in positionsByInnermostLabel() where group.count > 1 {
            for (offset, first) in group.enumerated() {
                for second in group.dropFirst(offset + 1).prefix(3) {
                    guard second < best.count, best[first] > 0 else { continue }
                    let base = best
                    let (amount, target) = (base[first], base[second])
                    func moving(_ k: UInt64) -> [UInt64] {
                        var candidate = base
                        candidate[first] = amount - k
                        let (sum, overflow) = target.addingReportingOverflow(k)
                        candidate[second] = overflow ? UInt64.max : sum
                        return candidate
                    }
                    if attempt(moving(amount)) { continue }
                    if amount > target, attempt(moving(amount - target)) { continue }
                    // A step accepted earlier in a search moved the best on: a later, larger k
                    // is still measured from the same base.
                    let moved = Self.findInteger(limit: amount - 1) { k in attempt(moving(k)) || best == moving(k) }
                    // Steps of two keep the sign of a zig-zag encoded integer (0, 1, -1, 2, -2…).
                    if moved == 0, amount > 2 {
                        _ = Self.findInteger(limit: (amount - 1) / 2) { k in attempt(moving(2 * k)) || best == moving(2 * k) }
                    }
                }
            }
        }
    }

    /// Swaps neighbouring choices that are out of order (a sort, one swap at a time).
    mutating func swapNeighbours() {
        var position = 0
        while position + 1 < best.count {
            if best[position] > best[position + 1] {
                var candidate = best
                candidate.swapAt(position, position + 1)
                attempt(candidate)
            }
            position += 1
        }
    }
}

/// A candidate's choices as a set member, hashed by one fold over them (the synthesized hash
/// of an array feeds the hasher one element at a time).
private struct TriedChoices: Hashable {
    let choices: [UInt64]
    init(_ choices: [UInt64]) { self.choices = choices }

    func hash(into hasher: inout Hasher) {
        var folded = FoldedHash()
        for choice in choices { folded.add(choice) }
        hasher.combine(choices.count)
        hasher.combine(folded.value)
    }
}
