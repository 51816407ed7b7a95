import Foundation

/// How a run goes: how many cases, from which seed, how hard to shrink.
public struct RunOptions: Sendable {
    /// Number of cases (default 200, at most `maximumCases`).
    public var cases = 200
    /// The most cases a run may ask for: a hundred million — days of work for most properties;
    /// a larger number is an input error rather than a run that never ends.
    public static let maximumCases = 100_000_000
    /// The run's seed; case k draws from a seed derived from it, so runs replay exactly.
    public var seed: UInt64 = 0x5EED_0000_2026_0001
    /// Run only this case index (to replay one failure without the cases before it).
    public var onlyCase: Int?
    /// Shrink failures.
    public var shrink = true
    /// Most property calls the shrinker may spend.
    public var maxShrinkCalls = 5_000
    /// Most wall-clock seconds the shrinker may spend.
    public var maxShrinkSeconds: Double = 30
    /// Largest size parameter (cases grow from 0 to this).
    public var maxSize = 100
    /// Called with each case index before the case is generated (the CLI records it, so a
    /// crash names its case).
    public var willRunCase: (@Sendable (Int) -> Void)?

    /// Options for `cases` cases from `seed` (the environment's `RXCHECK_*` variables can override
    /// both).
    public init(cases: Int = 200, seed: UInt64 = 0x5EED_0000_2026_0001) {
        self.cases = cases
        self.seed = seed
    }

    /// Reads `RXCHECK_SEED` (hex), `RXCHECK_CASES` and `RXCHECK_CASE` from `environment`
    /// over these options. Malformed values are reported, never ignored.
    public func applying(environment: [String: String]) throws -> RunOptions {
        var options = self
        if let text = environment["RXCHECK_SEED"] {
            guard let seed = SeedFormat.parse(text) else {
                throw OptionError("RXCHECK_SEED=\(text) is not a seed: expected 1 to 16 hex digits")
            }
            options.seed = seed
        }
        if let text = environment["RXCHECK_CASES"] {
            guard let cases = Int(text), cases > 0, cases <= RunOptions.maximumCases else {
                throw OptionError("RXCHECK_CASES=\(text) is not a number of cases from 1 to \(RunOptions.maximumCases)")
            }
            options.cases = cases
        }
        if let text = environment["RXCHECK_CASE"] {
            guard let index = Int(text), index >= 0 else {
                throw OptionError("RXCHECK_CASE=\(text) is not a case index (0 or more)")
            }
            options.onlyCase = index
        }
        return options
    }

    /// The seed of case `index`.
    public func caseSeed(_ index: Int) -> UInt64 { SplitMix64.derive(seed, UInt64(index)) }

    /// The size of case `index`: small first (QuickCheck style), full from case `maxSize` on.
    public func caseSize(_ index: Int) -> Int { min(maxSize, index) }
}

/// A malformed option or environment value.
public struct OptionError: Error, CustomStringConvertible, Equatable {
    public let description: String
    /// An error whose line is `description`.
    public init(_ description: String) { self.description = description }
}

/// Why a run or a shrink stopped, each with a sentence.
public enum StopReason: Equatable, Sendable {
    case allPassed(cases: Int)
    case falsified(caseIndex: Int)
    case shrinkFixedPoint
    case shrinkCallBudget(Int)
    case shrinkTimeBudget(Double)
    case shrinkDisabled

    /// Why shrinking stopped, in words (`no shrink pass made progress`).
    public var sentence: String {
        switch self {
        case .allPassed(let cases): return "stopped: \(cases) cases passed"
        case .falsified(let index): return "stopped: case \(index) falsified the property"
        case .shrinkFixedPoint: return "stopped: no shrink pass made progress"
        case .shrinkCallBudget(let calls): return "stopped: shrink budget of \(calls) calls used"
        case .shrinkTimeBudget(let seconds): return "stopped: shrink time budget of \(seconds) s used"
        case .shrinkDisabled: return "stopped: shrinking disabled"
        }
    }
}

/// A falsified property: the case as found and as shrunk.
public struct FailureReport<Case> {
    /// Which case of the run failed.
    public var caseIndex: Int
    /// The size parameter of that case.
    public var size: Int
    /// The case as generated.
    public var original: Case
    /// Its choices.
    public var originalChoices: [UInt64]
    /// The case after shrinking (the original when shrinking is off).
    public var shrunk: Case
    /// Its choices.
    public var shrunkChoices: [UInt64]
    /// How the original failed.
    public var originalFailure: Failure
    /// How the shrunk case fails.
    public var failure: Failure
    /// Property calls the shrinker made.
    public var shrinkCalls: Int
    /// Accepted shrink steps.
    public var shrinkSteps: Int
    /// Why shrinking stopped.
    public var shrinkStop: StopReason
    /// Per-pass counters: name, calls, successes.
    public var passStatistics: [(name: String, calls: Int, successes: Int)]
    /// Candidates that drew a case already checked, judged by its verdict without a call.
    public var shrinkReused = 0
    /// Wall-clock seconds spent shrinking (for benchmarks; never printed in reports).
    public var shrinkSeconds: Double = 0
}

/// The result of running a property.
public struct RunReport<Case> {
    /// The property's name.
    public var property: String
    /// The run's seed.
    public var seed: UInt64
    /// Cases checked (including the failing one).
    public var casesRun: Int
    /// Cases the property discarded.
    public var discarded: Int
    /// Cases that passed: the only ones classified, so the denominator of every class share.
    public var passedCases: Int
    /// How many cases fell into each class, in first-seen order.
    public var classes: [(label: String, count: Int)]
    /// Classes whose share stayed below the property's required minimum.
    public var coverageShortfalls: [String]
    /// The failure, if a case falsified the property.
    public var failure: FailureReport<Case>?
    /// Why the run stopped.
    public var stop: StopReason
    /// Wall-clock seconds (not part of any deterministic output).
    public var seconds: Double
    /// For a guided search: how many cases its corpus kept, and how many it drew by mutating one.
    public var guidance: (corpus: Int, mutated: Int)? = nil

    /// True when no case failed and coverage was met.
    public var passed: Bool { failure == nil && coverageShortfalls.isEmpty }
}

/// What a run has counted so far — cases checked, discarded and passed, and the classes of the
/// passing ones in first-seen order — and the report it makes of them.
struct CaseTally<Case> {
    let property: Property<Case>
    let options: RunOptions
    let started = Date()
    var counts: [String: Int] = [:]
    var labels: [String] = []
    var discarded = 0
    var checked = 0
    var passed = 0

    init(_ property: Property<Case>, _ options: RunOptions) {
        self.property = property
        self.options = options
    }

    /// Counts a case drawn as `value` that `verdict` judged; a failure is left to the caller.
    mutating func count(_ value: Case, _ verdict: Verdict) {
        checked += 1
        switch verdict {
        case .pass:
            passed += 1
            for label in property.classify(value) {
                if counts[label] == nil { labels.append(label) }
                counts[label, default: 0] += 1
            }
        case .discard:
            discarded += 1
        case .fail:
            break
        }
    }

    /// The report of what was counted.
    func report(failure: FailureReport<Case>? = nil, stop: StopReason, shortfalls: [String] = []) -> RunReport<Case> {
        RunReport(property: property.name, seed: options.seed, casesRun: checked, discarded: discarded, passedCases: passed,
                  classes: labels.map { ($0, counts[$0]!) }, coverageShortfalls: shortfalls, failure: failure, stop: stop,
                  seconds: Date().timeIntervalSince(started))
    }
}

/// Runs properties: generates cases, checks them, shrinks the first failure.
public enum Runner {
    /// Runs `property` under `options`.
    public static func run<Case>(_ property: Property<Case>, options: RunOptions = RunOptions()) -> RunReport<Case> {
        var tally = CaseTally(property, options)
        // A range, not an array: the number of cases costs no memory.
        let indices = options.onlyCase.map { $0..<($0 + 1) } ?? 0..<max(0, options.cases)
        for index in indices {
            options.willRunCase?(index)
            let source = ChoiceSource(seed: options.caseSeed(index), size: options.caseSize(index))
            guard let value = try? property.generator.generate(source) else {
                tally.discarded += 1
                continue
            }
            let verdict = property.check(value)
            tally.count(value, verdict)
            if case .fail(let failure) = verdict {
                let report = shrinkFailure(property, options: options, index: index, original: value,
                                           choices: source.choices, failure: failure)
                return tally.report(failure: report, stop: .falsified(caseIndex: index))
            }
        }
        let counts = tally.counts
        let counted = max(1, tally.passed)
        var shortfalls: [String] = []
        for (label, minimum) in property.coverage {
            let share = 100 * Double(counts[label] ?? 0) / Double(counted)
            if share < minimum {
                shortfalls.append("\(label): \(format(share))% of cases, required at least \(format(minimum))%")
            }
        }
        return tally.report(stop: .allPassed(cases: tally.checked), shortfalls: shortfalls)
    }

    /// Shrinks a failure of case `index`, drawn at `size` (by default the index's own).
    static func shrinkFailure<Case>(_ property: Property<Case>, options: RunOptions, index: Int, original: Case,
                                    choices: [UInt64], failure: Failure, size: Int? = nil) -> FailureReport<Case> {
        let size = size ?? options.caseSize(index)
        guard options.shrink else {
            return FailureReport(caseIndex: index, size: size, original: original, originalChoices: choices,
                                 shrunk: original, shrunkChoices: choices, originalFailure: failure, failure: failure,
                                 shrinkCalls: 0, shrinkSteps: 0, shrinkStop: .shrinkDisabled, passStatistics: [])
        }
        let started = Date()
        var shrinker = Shrinker(property: property, size: size, choices: choices, value: original, failure: failure,
                                maxCalls: options.maxShrinkCalls, maxSeconds: options.maxShrinkSeconds)
        let stop = shrinker.run()
        var report = FailureReport(caseIndex: index, size: size, original: original, originalChoices: choices,
                                   shrunk: shrinker.bestValue, shrunkChoices: shrinker.best, originalFailure: failure,
                                   failure: shrinker.bestFailure, shrinkCalls: shrinker.calls, shrinkSteps: shrinker.steps,
                                   shrinkStop: stop, passStatistics: shrinker.statistics)
        report.shrinkReused = shrinker.reusedVerdicts
        report.shrinkSeconds = Date().timeIntervalSince(started)
        return report
    }

    static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
