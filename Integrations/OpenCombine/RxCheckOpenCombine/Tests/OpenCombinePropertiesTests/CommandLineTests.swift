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

    /// A property of a known finding fails, and says which finding.
    @Test func check_namesTheFindingOfAKnownFailure() throws {
        let result = try run(["check", "prefix.matchesModel"])
        #expect(result.status == 1)
        #expect(result.output.contains("  known: OpenCombine finding F1 prefix(n) finishes only when element n + 1 arrives"))
    }

    /// A finding reproduces from its seed with the one line the report prints.
    @Test func reproduce_replaysAFinding_andPrintsItsReplayLine() throws {
        let result = try run(["reproduce", "prefix.matchesModel", "--seed", "5eed000020260001", "--case", "9"])
        #expect(result.status == 1)
        #expect(result.output.contains("expected    -(0|)"))
        #expect(result.output.contains("replay: swift run -c release rxcheck-opencombine reproduce prefix.matchesModel --seed 5eed000020260001 --case 9"))
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
