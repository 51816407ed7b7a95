/// Formats run reports for people. Deterministic: the same report prints the same bytes
/// (wall-clock time is printed only where asked for).
public enum ReportFormatter {
    /// The replay command for a failure of `property` at `seed`, case `index`.
    public static func replayCommand<Case>(_ property: Property<Case>, seed: UInt64, caseIndex: Int) -> String {
        property.replayTemplate
            .replacingOccurrences(of: "{seed}", with: SeedFormat.format(seed))
            .replacingOccurrences(of: "{case}", with: String(caseIndex))
    }

    /// The full failure report: headline, shrunk case with expected vs actual, the original
    /// case, the shrink summary, and the line that replays it.
    public static func failureText<Case>(_ report: RunReport<Case>, property: Property<Case>,
                                         verbose: Bool = false) -> String {
        guard let failure = report.failure else { return passText(report) }
        var lines: [String] = []
        lines.append("✗ \(report.property) falsified by case \(failure.caseIndex) of seed \(SeedFormat.format(report.seed))"
                     + " (\(report.casesRun) case\(report.casesRun == 1 ? "" : "s") run)")
        lines.append("  \(failure.failure.headline)")
        lines.append("")
        lines.append("  shrunk case (\(events(property.measure(failure.shrunk)))):")
        lines += failure.failure.details.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            .map { "    " + $0 }
        lines.append("")
        lines.append("  original case (\(events(property.measure(failure.original))), size \(failure.size)):")
        lines += property.describe(failure.original).map { "    " + $0 }
        if failure.originalFailure.headline != failure.failure.headline {
            lines.append("    failed with: \(failure.originalFailure.headline)")
        }
        lines.append("")
        lines.append("  shrunk from \(property.measure(failure.original)) to \(property.measure(failure.shrunk)) events"
                     + " in \(failure.shrinkCalls) calls (\(failure.shrinkSteps) steps); \(failure.shrinkStop.sentence)")
        if verbose {
            // A step may come from a candidate judged without a call (its case was checked before).
            for statistic in failure.passStatistics where statistic.calls > 0 || statistic.successes > 0 {
                lines.append("    \(statistic.name): \(statistic.calls) calls, \(statistic.successes) steps")
            }
            if failure.shrinkReused > 0 {
                lines.append("    \(failure.shrinkReused) more candidates drew a case already checked, and were not run again")
            }
        }
        lines.append("  replay: " + replayCommand(property, seed: report.seed, caseIndex: failure.caseIndex))
        return lines.joined(separator: "\n")
    }

    static func events(_ count: Int) -> String { count == 1 ? "1 event" : "\(count) events" }

    /// `✓ name: 200 cases passed` and the case statistics.
    public static func passText<Case>(_ report: RunReport<Case>) -> String {
        var lines = ["✓ \(report.property): \(report.stop.sentence)"]
        let counted = max(1, report.passedCases)
        for (label, count) in report.classes {
            lines.append("    " + Runner.format(100 * Double(count) / Double(counted)) + "% " + label)
        }
        if report.discarded > 0 { lines.append("    \(report.discarded) cases discarded") }
        for shortfall in report.coverageShortfalls { lines.append("  ✗ insufficient coverage: " + shortfall) }
        return lines.joined(separator: "\n")
    }
}
