// The shrinker's search: its state, the loop that runs the generator's passes until none makes
// progress, and the one place a candidate is tried and accepted. The passes themselves are in
// Shrinker+SpanPasses (by span label) and Shrinker+GenericPasses (on choices alone).

import Foundation
import RxTestKit

/// Shrinks a failing case by editing its choice sequence and replaying the generator.
///
/// The generator's passes (`Gen.shrinkPasses`) run in order until none makes progress. A
/// candidate is accepted only if it still fails and its choices are smaller than the best so
/// far — shortlex, after the weight of the generator's `weighedSpans` — so shrinking always
/// terminates.
public struct Shrinker<Case> {
    let property: Property<Case>
    let size: Int
    let maxCalls: Int
    let deadline: Date
    let maxSeconds: Double
    /// The smallest failing choices found.
    public internal(set) var best: [UInt64]
    /// The choices `bestFailure` was checked with in full.
    let spelledOut: [UInt64]
    /// The case they generate.
    public internal(set) var bestValue: Case
    /// How it fails.
    public internal(set) var bestFailure: Failure
    var spans: [ChoiceSpan] = []
    /// Property calls made.
    public internal(set) var calls = 0
    /// Accepted steps.
    public internal(set) var steps = 0
    var passCalls: [String: Int] = [:]
    var passSuccesses: [String: Int] = [:]
    var currentPass = ""
    var exhausted: StopReason?
    /// Every candidate tried: replaying one again gives the same verdict (the generator and the
    /// property are deterministic, and the best only gets smaller), so it is never run twice.
    var tried = Set<TriedChoices>()
    /// The verdict on every case checked, by the case's hash, when cases are `Hashable`
    /// (`Property.keying`): different choices often draw the same case (a value clamped to its
    /// range, a choice the case no longer reads), and `check` is a pure function of the case,
    /// so each case is checked once. Only cases of at most `largestRemembered` (by
    /// `Property.measure`) are kept: a few thousand large ones would hold gigabytes.
    var verdicts: [Int: [(value: Case, verdict: Verdict)]] = [:]
    /// The largest case whose verdict is kept (events, for scenarios).
    public static var largestRemembered: Int { 1_000 }
    /// Candidates whose case had been checked already: judged without a property call.
    public internal(set) var reusedVerdicts = 0

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

    mutating func search() -> StopReason {
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

    mutating func run(_ pass: ShrinkPass) {
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
            for candidate in rewrite.candidates(best, spans) where attempt(candidate, mayLengthen: rewrite.mayLengthen) { break }
        case .whenStuck(let pass): run(pass)
        }
    }

    /// Tries `candidate`; keeps it when it is smaller and still fails. `mayLengthen`: a
    /// candidate that may take more choices but weigh less (`ChoiceRewrite.mayLengthen`).
    @discardableResult
    mutating func attempt(_ candidate: [UInt64], mayLengthen: Bool = false) -> Bool {
        let weighed = property.generator.weighedSpans
        // A candidate not shortlex-smaller is refused unread, unless it may weigh less (known
        // only once its spans are drawn).
        guard exhausted == nil, (mayLengthen && !weighed.isEmpty) || shortlexPrecedes(candidate, best),
              tried.insert(TriedChoices(candidate)).inserted else { return false }
        if calls >= maxCalls { exhausted = .shrinkCallBudget(maxCalls); return false }
        if Date() > deadline { exhausted = .shrinkTimeBudget(maxSeconds); return false }
        let source = ChoiceSource(replaying: candidate, size: size, maxChoices: max(best.count, candidate.count) + 64)
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
        guard weighedPrecedes(used, source.spans, best, spans, weighed: weighed) else { return false }
        best = used
        bestValue = value
        bestFailure = failure
        spans = source.spans
        steps += 1
        passSuccesses[currentPass, default: 0] += 1
        return true
    }

    func spans(labelled label: SpanLabel) -> [ChoiceSpan] { spans.filter { $0.label == label } }

}

/// A candidate's choices as a set member, hashed by one fold over them (the synthesized hash
/// of an array feeds the hasher one element at a time).
struct TriedChoices: Hashable {
    let choices: [UInt64]
    init(_ choices: [UInt64]) { self.choices = choices }

    func hash(into hasher: inout Hasher) {
        var folded = FoldedHash()
        for choice in choices { folded.add(choice) }
        hasher.combine(choices.count)
        hasher.combine(folded.value)
    }
}
