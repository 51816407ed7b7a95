import Foundation
import RxCheckTesting
import Testing

/// `rxcheck-opencombine`, the built binary, run as a user runs it.
@Suite struct CommandLineTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ToolRun {
        try ToolProcess.run(ToolProcess.builtBinary(named: "rxcheck-opencombine"), arguments, environment: environment)
    }

    @Test func check_passesAnOperatorWithoutFindings() throws {
        let result = try run(["check", "map"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("✓ map.obeysContract"))
    }

    /// An operator with a known finding passes on the defaults, and `check` says which finding its
    /// cases showed and that its rule tolerated them.
    @Test func check_passesAnOperatorWithAFinding_andNamesIt() throws {
        let result = try run(["check", "prefix"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("✓ prefix.matchesModel"))
        #expect(result.output.contains("  known: OpenCombine finding F1 prefix(n) finishes only when element n + 1 arrives"))
        #expect(result.output.contains("tolerated by its rule in"))
    }

    /// A failure reproduces from its seed with the one line the report prints.
    @Test func reproduce_replaysAFailure_byItsReplayLine() throws {
        let selfTest = ["RXCHECK_SELFTEST": "1"]
        let checked = try run(["check", "mutant.map.ignoresDemand.obeysContract"], environment: selfTest)
        #expect(checked.status == 1)
        let prefix = "  replay: swift run -c release rxcheck-opencombine "
        let line = try #require(checked.output.split(separator: "\n").first { $0.hasPrefix(prefix) })
        let replay = try run(line.dropFirst(prefix.count).split(separator: " ").map(String.init), environment: selfTest)
        #expect(replay.status == 1)
        let shrunk = { (output: String) in output.components(separatedBy: "  original case")[0].components(separatedBy: "shrunk case")[1] }
        #expect(shrunk(replay.output) == shrunk(checked.output))
    }

    @Test func mistakes_areUsageErrorsNamingTheTool() throws {
        let unknown = try run(["check", "mapp"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("no property or operator named 'mapp'"))
        let command = try run(["benchmark"])
        #expect(command.status == 2)
        #expect(command.errors.contains("rxcheck-opencombine: unknown command 'benchmark'"))
    }

    @Test func selfTest_addsTheMutants() throws {
        let plain = try run(["list"])
        let selfTest = try run(["list"], environment: ["RXCHECK_SELFTEST": "1"])
        #expect(!plain.output.contains("mutant."))
        #expect(selfTest.output.contains("mutant.map.ignoresDemand.obeysContract"))
    }

    @Test func nightly_runsWorkersOfThisTool() throws {
        let result = try run(["nightly", "--duration", "2s", "--jobs", "1", "--no-save", "--cases", "50", "map", "filter"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("rxcheck-opencombine nightly: 10 properties"))
    }
}
