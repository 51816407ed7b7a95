import Foundation
import RxCheck
import RxTestKit

enum WorkerCommand {
    /// `rxcheck worker PROPERTY --seed HEX --cases N [--guided]`: runs one job for `nightly`,
    /// announcing each case on stdout before running it, so a crash can be pinned to its case.
    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, command: "worker", valued: ["--seed", "--cases"], bare: ["--guided"])
        guard arguments.positionals.count == 1 else { throw UsageError("worker: name one property") }
        let property = try CLI.select(arguments.positionals, command: "worker")[0]
        guard let seed = try arguments.seed("--seed", command: "worker"),
              let cases = try arguments.caseCount("--cases", command: "worker") else {
            throw UsageError("worker: --seed and --cases are required")
        }
        let out = FileHandle.standardOutput
        let guided = arguments.has("--guided")
        var ran = 0
        var found: FailureReport<Scenario>?
        if guided {
            // One guided search: case k depends on the cases before it.
            var options = RunOptions(cases: cases, seed: seed)
            options.willRunCase = { out.write(Data("case \($0)\n".utf8)) }
            let report = GuidedSearch.run(property, options: options)
            (ran, found) = (report.casesRun, report.failure)
        } else {
            for index in 0..<cases {
                out.write(Data("case \(index)\n".utf8))
                var options = RunOptions(seed: seed)
                options.onlyCase = index
                found = Runner.run(property, options: options).failure
                ran += 1
                if found != nil { break }
            }
        }
        let seedText = SeedFormat.format(seed)
        let result = WorkerResult(cases: ran, failure: found.map { failure in NightlyReport.Failure(
            kind: "falsified", property: property.name, seed: seedText, case: failure.caseIndex,
            headline: failure.failure.headline, details: failure.failure.details, scenario: failure.shrunk,
            rows: failure.failure.rows, replay: CLI.replayCommand(property.name, seedText, failure.caseIndex, guided: guided)) })
        out.write(Data(("result " + String(decoding: try JSONEncoder().encode(result), as: UTF8.self) + "\n").utf8))
        return found == nil ? ExitStatus.passed : ExitStatus.failed
    }
}
