/// Why a case failed, ready to print: a one-line headline and the details (marbles, diffs).
public struct Failure: Error, Equatable, Sendable, Codable {
    /// Which kind of check failed.
    public enum Kind: String, Equatable, Sendable, Codable {
        case mismatch, order, grammar, cleanup, nondeterministic, differential, runaway, custom
    }

    /// Which kind of check failed.
    public var kind: Kind
    /// One line: what went wrong.
    public var headline: String
    /// Further lines: expected and actual marbles, the aligned diff, the first difference.
    public var details: [String]
    /// Output timelines as data (`expected`, `actual`, …) for reports that draw them.
    public var rows: [TimelineRow]

    /// A failure of `kind`, with its one-line `headline`, the report lines `details` and the output
    /// `rows` to draw.
    public init(_ kind: Kind, _ headline: String, details: [String] = [], rows: [TimelineRow] = []) {
        self.kind = kind
        self.headline = headline
        self.details = details
        self.rows = rows
    }

    /// Whether a check should spell its failure out (marbles, aligned diff, report rows) or
    /// give only its kind and headline. Spelling out a long outcome can cost more than running
    /// the case, and a shrinker needs only the verdicts of the candidates it tries: it turns
    /// this off while it searches, then checks its smallest case once more with it on.
    @TaskLocal public static var detailed = true
}

/// A labelled timeline as plain data: what a report needs to draw one marble line.
public struct TimelineRow: Equatable, Sendable, Codable {
    /// One event on the row.
    public struct Mark: Equatable, Sendable, Codable {
        /// Absolute tick.
        public var tick: Int
        /// `next`, `error` or `completed`.
        public var kind: String
        /// The value's description (empty for terminals).
        public var value: String

        /// A mark at `tick`: its kind (`next`, `error` or `completed`) and the value it shows.
        public init(tick: Int, kind: String, value: String) {
            self.tick = tick
            self.kind = kind
            self.value = value
        }
    }

    /// `expected`, `actual`, `s0`…
    public var label: String
    /// The events in order.
    public var marks: [Mark]

    /// A row called `label` with its marks in time order.
    public init(label: String, marks: [Mark]) {
        self.label = label
        self.marks = marks
    }
}

/// The result of checking one case.
public enum Verdict: Equatable, Sendable {
    /// The case satisfies the property.
    case pass
    /// The case does not count (a precondition of the property does not hold).
    case discard
    /// The case falsifies the property.
    case fail(Failure)

    /// True for `.fail`.
    public var isFailure: Bool {
        if case .fail = self { return true }
        return false
    }
}

/// A named claim about every case a generator can make.
///
/// `check` must be a pure function of the case: the runner calls it again while shrinking and
/// when reporting.
public struct Property<Case> {
    /// Unique name, `operator.aspect` by convention (`combineLatest.matchesModel`).
    public let name: String
    /// One line saying what is claimed.
    public let summary: String
    /// The operator this property is about, for grouping (`combineLatest`).
    public let group: String
    /// Draws cases.
    public let generator: Gen<Case>
    /// Judges a case.
    public let check: (Case) -> Verdict
    /// Case classes for statistics (QuickCheck's `classify`).
    public var classify: (Case) -> [String] = { _ in [] }
    /// Minimum shares of classes a passing run must reach (QuickCheck's `cover`), in percent.
    public var coverage: [(label: String, minimumPercent: Double)] = []
    /// Draws a case for people (marble diagrams for scenarios).
    public var describe: (Case) -> [String] = { ["\($0)"] }
    /// Size of a case for reports (events, for scenarios).
    public var measure: (Case) -> Int = { _ in 0 }
    /// Visits every case of a small scope, fewest events first, until the visitor returns false
    /// (`Runner.exhaust`); nil for a property whose cases cannot be enumerated.
    public var enumerateSmallScope: ((SmallScope, (Case) -> Bool) -> Void)?
    /// Why a case is outside what this property can judge (nil: it can). See `refusal(of:)`.
    var refuse: (Case) -> String? = { _ in nil }
    /// The command that replays a failure; `{seed}` and `{case}` are filled in.
    public var replayTemplate: String
    /// Hash and equality of cases, when they are `Hashable`: the shrinker judges a candidate
    /// that draws a case it already checked without checking it again.
    let keying: CaseKeying<Case>?

    /// A property of cases that are not known to be `Hashable` here: shrinking checks a case again
    /// when a candidate draws it twice (unless the case type turns out `Hashable` at run time).
    public init(name: String, summary: String, group: String? = nil, generator: Gen<Case>,
                check: @escaping (Case) -> Verdict) {
        self.init(name: name, summary: summary, group: group, generator: generator, keying: .dynamic, check: check)
    }

    /// A property over `Hashable` cases: shrinking checks each distinct case once.
    public init(name: String, summary: String, group: String? = nil, generator: Gen<Case>,
                check: @escaping (Case) -> Verdict) where Case: Hashable {
        self.init(name: name, summary: summary, group: group, generator: generator,
                  keying: CaseKeying(hash: { $0.hashValue }, equal: ==), check: check)
    }

    private init(name: String, summary: String, group: String?, generator: Gen<Case>, keying: CaseKeying<Case>?,
                 check: @escaping (Case) -> Verdict) {
        self.name = name
        self.summary = summary
        self.group = group ?? String(name.split(separator: ".").first ?? Substring(name))
        self.generator = generator
        self.check = check
        self.keying = keying
        self.replayTemplate = Self.defaultReplayTemplate(name)
    }

    /// The replay line a property starts with: `swift test` filtered by the property's name.
    /// Inside a Swift Testing test, `check` replaces it with one that selects that test.
    public static func defaultReplayTemplate(_ name: String) -> String {
        "RXCHECK_SEED={seed} RXCHECK_CASE={case} swift test --filter \"\(name)\""
    }

    /// The same property with `before` called ahead of every check — the runner's, the
    /// shrinker's and a replay's alike. The CLI uses it to arm a watchdog per case.
    public func callingBeforeEachCheck(_ before: @escaping () -> Void) -> Property {
        let check = self.check
        var copy = Property(name: name, summary: summary, group: group, generator: generator, keying: keying) { value in
            before()
            return check(value)
        }
        copy.classify = classify
        copy.coverage = coverage
        copy.describe = describe
        copy.measure = measure
        copy.replayTemplate = replayTemplate
        copy.refuse = refuse
        copy.enumerateSmallScope = enumerateSmallScope
        return copy
    }

    /// Why `value` is not a case this property can judge — it lies outside the space its
    /// generator draws (a hand-edited Seeds entry naming a parameter out of range, a source the
    /// operator does not take, a window before the operator exists) — or nil when it is one.
    /// Readers of stored cases refuse such a case, naming where it was read, instead of running
    /// a check that would trap or misjudge it.
    public func refusal(of value: Case) -> String? { refuse(value) }

    /// The same property, refusing the cases `refuse` names a reason for.
    public func refusing(_ refuse: @escaping (Case) -> String?) -> Property {
        var copy = self
        copy.refuse = refuse
        return copy
    }

    /// Requires that at least `minimumPercent` percent of cases fall in class `label`.
    public func cover(_ minimumPercent: Double, _ label: String) -> Property {
        var copy = self
        copy.coverage.append((label, minimumPercent))
        return copy
    }

    /// Replaces the classifier.
    public func classified(by classify: @escaping (Case) -> [String]) -> Property {
        var copy = self
        copy.classify = classify
        return copy
    }

    /// Replaces how cases are drawn for people, and measured.
    public func described(by describe: @escaping (Case) -> [String], measure: @escaping (Case) -> Int) -> Property {
        var copy = self
        copy.describe = describe
        copy.measure = measure
        return copy
    }

    /// Replaces how the cases of a small scope are enumerated (`Runner.exhaust`).
    public func enumerating(_ enumerate: @escaping (SmallScope, (Case) -> Bool) -> Void) -> Property {
        var copy = self
        copy.enumerateSmallScope = enumerate
        return copy
    }

    /// Replaces the replay command template (`{seed}` and `{case}` are filled in).
    public func replayed(by template: String) -> Property {
        var copy = self
        copy.replayTemplate = template
        return copy
    }

    /// Replays by a tool's reproduce line: `command(seed, index)`, which ends with ` --case N`
    /// when given a case index (as every RxCheck tool's `replayCommand` does).
    public func replayed(byCommand command: (_ seed: String, _ index: Int?) -> String) -> Property {
        replayed(by: command("{seed}", nil) + " --case {case}")
    }
}

extension Property {
    /// A property from a boolean claim; `false` fails with `headline`.
    public static func forAll(_ name: String, summary: String = "", _ generator: Gen<Case>,
                              headline: String = "the claim does not hold",
                              _ claim: @escaping (Case) -> Bool) -> Property {
        Property(name: name, summary: summary, generator: generator) { value in
            claim(value) ? .pass : .fail(Failure(.custom, headline))
        }
    }
}

/// Hash and equality of a property's cases, compiled where the case type is known.
struct CaseKeying<Case> {
    let hash: (Case) -> Int
    let equal: (Case, Case) -> Bool

    /// Through `AnyHashable`, for a property made where its case type was not known to be
    /// `Hashable` (generic code) but is; nil when it is not.
    static var dynamic: CaseKeying? {
        guard Case.self is any Hashable.Type else { return nil }
        return CaseKeying(hash: { ($0 as! AnyHashable).hashValue }, equal: { ($0 as! AnyHashable) == ($1 as! AnyHashable) })
    }
}
