import Foundation
import RxTestKit

/// The result of a long run, one shard or several merged: what ran and everything that failed.
/// Encoded as JSON with a stable schema (`schema: "rxcheck-report/1"`); see the "Nightly runs and CI" article.
public struct NightlyReport: Codable, Equatable, Sendable {
    /// One failure: a falsified property, a crashed worker or a hung one.
    public struct Failure: Codable, Equatable, Sendable {
        /// `falsified`, `crash` or `hang`.
        public var kind: String
        /// The property.
        public var property: String
        /// The seed of the job (16 hex digits).
        public var seed: String
        /// The case index within that seed.
        public var `case`: Int
        /// One line.
        public var headline: String
        /// The printed report lines (marbles, diff) or, for a crash, what the worker said.
        public var details: [String]
        /// The case (shrunk when falsified, as generated for crashes and hangs).
        public var scenario: Scenario?
        /// Output rows (`expected`, `actual`) for drawing.
        public var rows: [TimelineRow]
        /// The command that replays it.
        public var replay: String

        /// A failure as a report stores it.
        public init(kind: String, property: String, seed: String, case index: Int, headline: String, details: [String],
                    scenario: Scenario?, rows: [TimelineRow], replay: String) {
            self.kind = kind
            self.property = property
            self.seed = seed
            self.case = index
            self.headline = headline
            self.details = details
            self.scenario = scenario
            self.rows = rows
            self.replay = replay
        }
    }

    /// Per-property totals.
    public struct PropertyTotals: Codable, Equatable, Sendable {
        /// The property's name.
        public var name: String
        /// Its operator (what `check NAME` selects).
        public var group: String
        /// Jobs (a seed's run of cases) that ran it.
        public var jobs: Int
        /// Cases checked.
        public var cases: Int
        /// Failures found (falsified, crashed or hung cases).
        public var failures: Int

        /// Totals for one property; zero until counted.
        public init(name: String, group: String, jobs: Int = 0, cases: Int = 0, failures: Int = 0) {
            self.name = name
            self.group = group
            self.jobs = jobs
            self.cases = cases
            self.failures = failures
        }
    }

    /// Always `rxcheck-report/1`.
    public var schema = "rxcheck-report/1"
    /// The base seeds of the runs merged here.
    public var seeds: [String]
    /// The shards merged here (`1/4`, …).
    public var shards: [String]
    /// True when a run was cut short by SIGINT or SIGTERM.
    public var interrupted: Bool
    /// Wall-clock seconds, summed over merged shards.
    public var seconds: Double
    /// Per property, in catalog order.
    public var properties: [PropertyTotals]
    /// Every failure, in the order found.
    public var failures: [Failure]

    /// A report with the given parts (its schema is always `rxcheck-report/1`).
    public init(seeds: [String], shards: [String], interrupted: Bool, seconds: Double, properties: [PropertyTotals],
                failures: [Failure]) {
        self.seeds = seeds
        self.shards = shards
        self.interrupted = interrupted
        self.seconds = seconds
        self.properties = properties
        self.failures = failures
    }

    /// Total cases run (saturating at `Int.max`: counts read from reports never trap).
    public var totalCases: Int { properties.reduce(0) { $0.saturatingAdd($1.cases) } }

    /// What makes a report read from a file unusable, located by its JSON path
    /// (`properties[2].cases`), or nil: a schema other than `rxcheck-report/1`, a negative count
    /// or case index, or seconds that are negative or not finite.
    public func problem() -> (path: String, message: String)? {
        guard schema == "rxcheck-report/1" else { return ("schema", "unknown schema '\(schema)'") }
        guard seconds.isFinite, seconds >= 0 else { return ("seconds", "\(seconds) is not a number of seconds") }
        for (index, property) in properties.enumerated() {
            for (field, value) in [("jobs", property.jobs), ("cases", property.cases), ("failures", property.failures)] where value < 0 {
                return ("properties[\(index)].\(field)", "\(value) is negative")
            }
        }
        for (index, failure) in failures.enumerated() where failure.case < 0 {
            return ("failures[\(index)].case", "\(failure.case) is negative")
        }
        return nil
    }

    /// JSON, pretty-printed with sorted keys.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Joins shard reports: totals add up (saturating at `Int.max`), failures are concatenated
    /// in order.
    public static func merge(_ reports: [NightlyReport]) -> NightlyReport {
        var totals: [PropertyTotals] = []
        var index: [String: Int] = [:]
        for report in reports {
            for property in report.properties {
                if let at = index[property.name] {
                    totals[at].jobs = totals[at].jobs.saturatingAdd(property.jobs)
                    totals[at].cases = totals[at].cases.saturatingAdd(property.cases)
                    totals[at].failures = totals[at].failures.saturatingAdd(property.failures)
                } else {
                    index[property.name] = totals.count
                    totals.append(property)
                }
            }
        }
        return NightlyReport(seeds: reports.flatMap(\.seeds), shards: reports.flatMap(\.shards),
                             interrupted: reports.contains(where: \.interrupted),
                             seconds: min(reports.reduce(0) { $0 + $1.seconds }, .greatestFiniteMagnitude), properties: totals,
                             failures: reports.flatMap(\.failures))
    }

    // MARK: JUnit

    /// Whether a property ran no case and found nothing (an interrupted run, or a shard that
    /// drew no job for it): reported as not run, never as passed.
    public static func notRun(_ property: PropertyTotals) -> Bool { property.cases == 0 && property.failures == 0 }
}

extension Int {
    /// `self + other`, or the bound it passes: sums of counts read from files never trap.
    package func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
