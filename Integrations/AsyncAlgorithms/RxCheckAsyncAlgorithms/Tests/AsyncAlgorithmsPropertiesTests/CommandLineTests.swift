import Foundation
import RxCheck
import RxCheckTesting
import Testing

/// `rxcheck-async`, the built binary, run as a user runs it.
@Suite struct CommandLineTests {
    func run(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil,
             timeout: Double = 120) throws -> ToolRun {
        try ToolProcess.run(ToolProcess.builtBinary(named: "rxcheck-async"), arguments, in: folder,
                            environment: environment, timeout: timeout)
    }

    @Test func check_passesAnOperatorWithoutFindings() throws {
        let result = try run(["check", "zip2"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("✓ zip2.matchesModel"))
    }

    @Test func check_namesTheFindingOfAKnownFailure() throws {
        let result = try run(["check", "flatMapLatest.matchesModel"])
        #expect(result.status == 1)
        #expect(result.output.contains("  known: swift-async-algorithms finding A3 (Integrations/AsyncAlgorithms/FINDINGS.md)"))
    }

    /// A case replays byte for byte — schedule, iterations and all — in another process.
    @Test func reproduce_replaysACaseWithItsScheduleByteForByte() throws {
        let arguments = ["reproduce", "flatMapLatest.matchesModel", "--seed", "5eed000020260001", "--case", "120"]
        let first = try run(arguments), second = try run(arguments)
        #expect(first.status == 1)
        #expect(first.output.contains("schedule: t"))
        #expect(first.output.contains("s0 iterations: "))
        #expect(first.output == second.output)
        #expect(first.output.contains("replay: swift run -c release rxcheck-async reproduce flatMapLatest.matchesModel --seed 5eed000020260001 --case 120"))
    }

    @Test func mistakes_areUsageErrorsNamingTheTool() throws {
        let unknown = try run(["check", "zipp"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("no property or operator named 'zipp'"))
        let option = try run(["bench", "--fast"])
        #expect(option.status == 2)
        #expect(option.errors.contains("rxcheck-async: bench: unknown option '--fast'"))
    }

    @Test func selfTest_addsTheMutants() throws {
        let plain = try run(["list"])
        let selfTest = try run(["list"], environment: ["RXCHECK_SELFTEST": "1"])
        #expect(!plain.output.contains("mutant."))
        #expect(selfTest.output.contains("mutant.merge2.overwrites.matchesModel"))
    }

    /// A worker that traps or deadlocks inside the library is recorded and replaced; the night
    /// goes on and reports both.
    @Test func nightly_survivesACrashAndAHangOfTheLibrary() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxcheck-async-nightly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Seeds"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try run(["nightly", "mutant.removeDuplicates.traps.matchesModel", "mutant.removeDuplicates.deadlocks.matchesModel",
                              "--duration", "8s", "--jobs", "2", "--cases", "200", "--hang-timeout", "2", "--seed", "42",
                              "--report", "r.json"],
                             environment: ["RXCHECK_SELFTEST": "1"], in: directory, timeout: 90)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        let report = try JSONDecoder().decode(NightlyReport.self, from: Data(contentsOf: directory.appendingPathComponent("r.json")))
        #expect(report.failures.contains { $0.kind == "crash" && $0.property == "mutant.removeDuplicates.traps.matchesModel" })
        #expect(report.failures.contains { $0.kind == "hang" && $0.property == "mutant.removeDuplicates.deadlocks.matchesModel" })
        #expect(report.properties.allSatisfy { $0.jobs >= 2 })
    }
}
