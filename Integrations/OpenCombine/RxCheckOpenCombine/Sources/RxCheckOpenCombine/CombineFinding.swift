import Foundation
import RxCheck
import RxTestKit

/// One run of a scenario through the Combine harness: what RxCheck's scenario checks read, and
/// what the contract log recorded.
public struct CombineRun {
    /// The output, the source logs, the timers that ran after the end.
    public var run: ScenarioRun<Int>
    /// The breaches of the contract still counted.
    public var violations: [ContractLog.Violation]
    /// The log, for the moments it recorded (completion, cancel, sources' ends).
    public let log: ContractLog
}

/// A bug of OpenCombine that FINDINGS.md writes up, as a rule: `excuse` recognises the bug by
/// what it does in a run — never by the property that is checking — and gives the run back
/// with exactly that symptom taken out (nil when the run does not show it). Every check then
/// judges the rest of the run, so a second bug in the same operator still fails.
public struct CombineFinding: Sendable {
    /// `F1`…, as FINDINGS.md numbers them.
    public let id: String
    /// The catalog entry it concerns.
    public let spec: String
    /// One line.
    public let title: String
    /// The run without this finding's symptom, or nil when the run does not show it.
    public let excuse: @Sendable (Scenario, CombineRun) -> CombineRun?

    public init(_ id: String, spec: String, _ title: String, excuse: @escaping @Sendable (Scenario, CombineRun) -> CombineRun?) {
        (self.id, self.spec, self.title, self.excuse) = (id, spec, title, excuse)
    }
}

/// The findings a property tolerates, and where it counts the cases that showed them.
public struct Excuses {
    /// The operator's findings, applied in order.
    public let findings: [CombineFinding]
    /// The property whose cases are counted in `FindingTally`.
    public let property: String

    public init(_ findings: [CombineFinding], property: String) {
        (self.findings, self.property) = (findings, property)
    }

    /// No finding tolerated.
    public static var none: Excuses { Excuses([], property: "") }

    /// `run` with every finding's symptom it shows taken out; the findings shown are counted
    /// once per case when `counting`.
    func apply(_ scenario: Scenario, _ run: CombineRun, counting: Bool = true) -> CombineRun {
        var excused = run
        var shown: [String] = []
        for finding in findings {
            if let without = finding.excuse(scenario, excused) {
                excused = without
                shown.append(finding.id)
            }
        }
        if counting, !shown.isEmpty { FindingTally.record(property, shown) }
        return excused
    }
}

/// How many checked cases of each property showed each known finding (tolerated by its rule),
/// for `check` to report. Counted per call of the check, shrinking and replays included.
public enum FindingTally {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts: [String: [String: Int]] = [:]

    static func record(_ property: String, _ findings: [String]) {
        lock.lock()
        defer { lock.unlock() }
        for finding in findings { counts[property, default: [:]][finding, default: 0] += 1 }
    }

    /// The findings `property`'s cases showed so far, by id, with how many cases.
    public static func seen(_ property: String) -> [(finding: String, cases: Int)] {
        lock.lock()
        defer { lock.unlock() }
        return (counts[property] ?? [:]).map { ($0.key, $0.value) }.sorted { $0.finding < $1.finding }
    }
}
