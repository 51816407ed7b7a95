import RxTestKit

/// Coverage-guided search (`nightly --guided`): like `Runner.run`, case after case from one
/// seed, but keeping a corpus of the cases whose runs showed a behaviour not seen before (a new
/// `RunProbe` signature) and — once the blind cases have grown to full size (`RunOptions.maxSize`
/// cases: the small ones first, as in a blind run) — drawing about half of the later cases by
/// mutating a corpus entry's choices: a choice raised, redrawn small or zeroed, a block repeated
/// or deleted, two entries spliced — the shrinker's edits run the other way. The other cases
/// are drawn exactly as a blind run draws them, so the two can be compared case for case.
///
/// Deterministic: case k depends on the seed and on cases 0 to k − 1 alone, so a guided failure
/// is found again by searching from case 0 with the same seed (`reproduce --guided`).
public enum GuidedSearch {
    /// Percent of cases drawn by mutating a corpus entry once the corpus has one.
    static let mutatedPercent: UInt64 = 50

    /// Runs `property` for `options.cases` cases, guided; the first failure is shrunk as
    /// `Runner.run` shrinks one. Coverage shares are not judged: a guided run draws its
    /// classes on purpose unevenly.
    public static func run<Case>(_ property: Property<Case>, options: RunOptions = RunOptions()) -> RunReport<Case> {
        var tally = CaseTally(property, options)
        var corpus: [(choices: [UInt64], size: Int)] = []
        var seen = Set<UInt64>()   // membership only: its order reaches nothing
        var mutated = 0
        let probe = RunProbe()
        func report(failure: FailureReport<Case>? = nil, stop: StopReason) -> RunReport<Case> {
            var report = tally.report(failure: failure, stop: stop)
            report.guidance = (corpus.count, mutated)
            return report
        }
        for index in 0..<max(0, options.cases) {
            options.willRunCase?(index)
            // Decisions from a stream of their own: the blind draw of case k stays case k's.
            var rng = Xoshiro256(seed: SplitMix64.derive(options.seed ^ 0x6775_6964_6564, UInt64(index)))
            let source: ChoiceSource
            if index >= options.maxSize && !corpus.isEmpty && rng.next(below: 100) < mutatedPercent {
                // Half the time one of the newest entries: what was found last is the frontier.
                let recent = rng.next(below: 2) == 0
                let pool = UInt64(recent ? min(corpus.count, 8) : corpus.count)
                let parent = corpus[corpus.count - 1 - Int(rng.next(below: pool))]
                let other = corpus[Int(rng.next(below: UInt64(corpus.count)))].choices
                source = ChoiceSource(replaying: mutate(parent.choices, other: other, rng: &rng), size: parent.size)
                mutated += 1
            } else {
                source = ChoiceSource(seed: options.caseSeed(index), size: options.caseSize(index))
            }
            guard let value = try? property.generator.generate(source) else {
                tally.discarded += 1
                continue
            }
            let verdict = RunProbe.$current.withValue(probe) { property.check(value) }
            if let signature = probe.take(), seen.insert(signature).inserted {
                corpus.append((source.choices, source.size))
            }
            tally.count(value, verdict)
            if case .fail(let failure) = verdict {
                let shrunk = Runner.shrinkFailure(property, options: options, index: index, original: value,
                                                  choices: source.choices, failure: failure, size: source.size)
                return report(failure: shrunk, stop: .falsified(caseIndex: index))
            }
        }
        return report(stop: .allPassed(cases: tally.checked))
    }

    /// `choices` edited one to three times; `other` (another corpus entry) for a splice.
    static func mutate(_ choices: [UInt64], other: [UInt64], rng: inout Xoshiro256) -> [UInt64] {
        var result = choices
        for _ in 0...rng.next(below: 3) {
            guard !result.isEmpty else {
                result = [rng.next(below: 4)]
                continue
            }
            let at = Int(rng.next(below: UInt64(result.count)))
            let block = 1 + Int(rng.next(below: UInt64(min(8, result.count - at))))
            switch rng.next(below: 6) {
            case 0: result[at] &+= 1 + rng.next(below: 3)   // a later tick, another kind, one more
            case 1: result[at] = rng.next(below: 8)
            case 2: result[at] = 0
            case 3: result.insert(contentsOf: result[at..<(at + block)], at: at + block)   // a span again
            case 4: result.removeSubrange(at..<(at + block))
            default:
                guard !other.isEmpty else { continue }
                result = Array(result[..<at]) + other[Int(rng.next(below: UInt64(other.count)))...]
            }
        }
        return Array(result.prefix(ChoiceSource.defaultMaxChoices))
    }
}
