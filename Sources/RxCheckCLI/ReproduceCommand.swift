import Foundation
import RxCheck
import RxTestKit

enum ReproduceCommand {
    static var help: String { """
    usage: \(CLI.tool.name) reproduce PROPERTY --seed HEX [--case K] [--cases N] [--guided] [--timeout S] [--no-shrink] [--json]

    Replays a case exactly — the same bytes in any process — and prints the original and the
    shrunk case as marble diagrams, expected against actual with the first difference marked,
    and a Swift Testing snippet that pins the shrunk case as a regression test. Without
    --case, runs the seed's cases in order until one fails. A case that crashes the process
    or runs past the timeout is reported with its case index (exit 1).

      --seed HEX    the run's seed (required)
      --case K      the case index to replay
      --cases N     how many cases to search when --case is not given (default 200)
      --guided      the case of a guided search ('nightly --guided'): searches again from case 0,
                    since each guided case grows out of the ones before it
      --timeout S   seconds one check may run before it counts as a runaway (default 60, 0: none)
      --no-shrink   report the case as generated
      --json        machine-readable output
    """ }

    struct JSONReport: Encodable {
        let property: String
        let seed: String
        let `case`: Int?
        let falsified: Bool
        let headline: String?
        let details: [String]
        let original: String?
        let shrunk: String?
        let originalEvents: Int?
        let shrunkEvents: Int?
        let shrinkCalls: Int?
        let stopped: String
        let replay: String
    }

    static func run(_ words: [String]) throws -> Int32 {
        let command = "reproduce"
        let arguments = try Arguments(words, command: command, valued: ["--seed", "--case", "--cases", "--timeout"],
                                      bare: ["--no-shrink", "--json", "--guided", "--help", "-h"])
        if arguments.has("--help") || arguments.has("-h") { print(help); return ExitStatus.passed }
        guard arguments.positionals.count == 1 else {
            throw UsageError("reproduce: name exactly one property (got \(arguments.positionals.count)); see '\(CLI.tool.name) reproduce --help'")
        }
        let name = arguments.positionals[0]
        let selected = try CLI.select([name], command: command)
        guard selected.count == 1, let chosen = selected.first, chosen.name == name else {
            let names = selected.map(\.name).prefix(3).joined(separator: ", ")
            throw UsageError("reproduce: '\(name)' is an operator; name one of its properties (\(names), …)")
        }
        guard let seed = try arguments.seed("--seed", command: command) else {
            throw UsageError("reproduce: --seed HEX is required")
        }
        var options = RunOptions(seed: seed)
        options.onlyCase = try arguments.nonNegativeInt("--case", command: command)
        if let cases = try arguments.caseCount("--cases", command: command) { options.cases = cases }
        options.shrink = !arguments.has("--no-shrink")
        let guided = arguments.has("--guided")
        var property = chosen
        if guided {
            // Case K of a guided search is found again by the search itself, up to K.
            if let index = options.onlyCase { options.cases = index + 1 }
            property = property.replayed(by: property.replayTemplate + " --guided")
        }
        CrashGuard.install(timeout: try arguments.timeout(command: command))
        let report = CrashGuard.run(property, options: options, guided: guided)
        if guided, let index = options.onlyCase, let failure = report.failure, failure.caseIndex != index {
            throw UsageError("reproduce: the guided search of seed \(SeedFormat.format(seed)) fails first at case \(failure.caseIndex), "
                             + "not at case \(index): replay that case")
        }
        let replay = CLI.replayCommand(property.name, SeedFormat.format(seed), report.failure?.caseIndex ?? options.onlyCase,
                                       guided: guided)
        if arguments.has("--json") {
            let failure = report.failure
            let json = JSONReport(
                property: property.name, seed: SeedFormat.format(seed), case: failure?.caseIndex ?? options.onlyCase,
                falsified: failure != nil, headline: failure?.failure.headline, details: failure?.failure.details ?? [],
                original: failure.map { entry($0.original, property: property.name, seed: seed, index: $0.caseIndex).text() },
                shrunk: failure.map { entry($0.shrunk, property: property.name, seed: seed, index: $0.caseIndex).text() },
                originalEvents: failure?.original.eventCount, shrunkEvents: failure?.shrunk.eventCount,
                shrinkCalls: failure?.shrinkCalls, stopped: failure?.shrinkStop.sentence ?? report.stop.sentence,
                replay: replay)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(json), as: UTF8.self))
            return failure == nil ? ExitStatus.passed : ExitStatus.failed
        }
        guard let failure = report.failure else {
            let which = options.onlyCase.map { "case \($0)" } ?? "\(report.casesRun) cases"
            print("✓ \(property.name): \(which) of seed \(SeedFormat.format(seed)) pass")
            return ExitStatus.passed
        }
        print(ReportFormatter.failureText(report, property: property))
        print("")
        print("  pin it as a regression test (Swift Testing):")
        print(snippet(entry(failure.shrunk, property: property.name, seed: seed, index: failure.caseIndex))
            .split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
        return ExitStatus.failed
    }

    static func entry(_ scenario: Scenario, property: String, seed: UInt64, index: Int) -> SeedEntry {
        SeedEntry(property: property, seed: seed, caseIndex: index, date: "reproduced", note: "shrunk counterexample",
                  scenario: scenario)
    }

    /// A Swift Testing test holding the shrunk case in the Seeds text format.
    static func snippet(_ entry: SeedEntry) -> String {
        let identifier = entry.property.map { $0.isLetter || $0.isNumber ? $0 : "_" }
        let body = entry.text().split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
        return """
        @Test func regression_\(String(identifier))_case\(entry.caseIndex)() throws {
            let entry = try #require(try SeedEntry.parse(\"\"\"
        \(body)
                \"\"\", file: #filePath).first)
            let property = try #require(\(CLI.tool.catalogLookup)(named: entry.property))
            #expect(property.check(entry.scenario) == .pass)
        }
        """
    }
}
