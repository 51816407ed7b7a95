import Foundation
import RxCheck
import Testing

/// `rxcheck-async`, the built binary, run as a user runs it.
@Suite struct CommandLineTests {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    static var binary: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("rxcheck-async").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("rxcheck-async")
    }

    /// Runs the binary in a fresh folder (kept when `folder` is given), output to files (no pipe
    /// to fill), stopped after `timeout` seconds.
    func run(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil,
             timeout: TimeInterval = 120) throws -> Run {
        let directory = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("rxcheck-async-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if folder == nil { try? FileManager.default.removeItem(at: directory) } }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["CI": "true"]) { $1 }) { $1 }
        let out = directory.appendingPathComponent(".out"), err = directory.appendingPathComponent(".err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("rxcheck-async \(arguments.joined(separator: " ")) ran past \(Int(timeout)) s")
        }
        return Run(status: process.terminationStatus, output: try String(contentsOf: out, encoding: .utf8),
                   errors: try String(contentsOf: err, encoding: .utf8))
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
