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
        public var name: String
        public var group: String
        public var jobs: Int
        public var cases: Int
        public var failures: Int

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

    public init(seeds: [String], shards: [String], interrupted: Bool, seconds: Double, properties: [PropertyTotals],
                failures: [Failure]) {
        self.seeds = seeds
        self.shards = shards
        self.interrupted = interrupted
        self.seconds = seconds
        self.properties = properties
        self.failures = failures
    }

    /// Total cases run.
    public var totalCases: Int { properties.reduce(0) { $0 + $1.cases } }

    /// JSON, pretty-printed with sorted keys.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Joins shard reports: totals add up, failures are concatenated in order.
    public static func merge(_ reports: [NightlyReport]) -> NightlyReport {
        var totals: [PropertyTotals] = []
        var index: [String: Int] = [:]
        for report in reports {
            for property in report.properties {
                if let at = index[property.name] {
                    totals[at].jobs += property.jobs
                    totals[at].cases += property.cases
                    totals[at].failures += property.failures
                } else {
                    index[property.name] = totals.count
                    totals.append(property)
                }
            }
        }
        return NightlyReport(seeds: reports.flatMap(\.seeds), shards: reports.flatMap(\.shards),
                             interrupted: reports.contains(where: \.interrupted),
                             seconds: reports.reduce(0) { $0 + $1.seconds }, properties: totals,
                             failures: reports.flatMap(\.failures))
    }

    // MARK: JUnit

    /// Whether a property ran no case and found nothing (an interrupted run, or a shard that
    /// drew no job for it): reported as not run, never as passed.
    public static func notRun(_ property: PropertyTotals) -> Bool { property.cases == 0 && property.failures == 0 }
}
