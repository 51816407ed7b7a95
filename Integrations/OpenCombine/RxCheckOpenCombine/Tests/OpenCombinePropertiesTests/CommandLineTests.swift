import Foundation
import Testing

/// `rxcheck-opencombine`, the built binary, run as a user runs it.
@Suite struct CommandLineTests {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    static var binary: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("rxcheck-opencombine").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("rxcheck-opencombine")
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxcheck-opencombine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["CI": "true"]) { $1 }) { $1 }
        let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: try String(contentsOf: out, encoding: .utf8),
                   errors: try String(contentsOf: err, encoding: .utf8))
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
