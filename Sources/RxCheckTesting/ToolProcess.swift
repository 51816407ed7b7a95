// Running a command-line tool of RxCheck's — `rxcheck`, an integration's, a fuzz target — as a
// user runs it, from a test: one helper for every package's command-line tests.

import Foundation

/// How a tool run exited and what it printed.
public struct ToolRun: Sendable {
    /// The exit status.
    public let status: Int32
    /// Everything it wrote to standard output.
    public let output: String
    /// Everything it wrote to standard error.
    public let errors: String
}

/// A tool run that went past its time limit (it was stopped).
public struct ToolTimeout: Error, CustomStringConvertible {
    /// Which run, and the limit.
    public let description: String
}

/// Runs built tools as a user runs them.
public enum ToolProcess {
    /// The executable `name` that SwiftPM built beside the running test bundle (the folder of
    /// the bundle, or up to four levels above it for other layouts).
    public static func builtBinary(named name: String) -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    /// A new, empty temporary folder whose name starts with `prefix`.
    public static func temporaryDirectory(prefix: String = "rxcheck") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `binary` with `arguments` in `directory` (a fresh temporary folder, removed after,
    /// when nil), with `CI=true` and `environment` over the test's own environment. Output goes
    /// through files, so a tool that prints a lot never blocks on a full pipe; a run past
    /// `timeout` seconds is stopped and throws `ToolTimeout`.
    public static func run(_ binary: URL, _ arguments: [String], in directory: URL? = nil,
                           environment: [String: String] = [:], timeout: Double = 120) throws -> ToolRun {
        let folder = try directory ?? temporaryDirectory(prefix: binary.lastPathComponent)
        defer { if directory == nil { try? FileManager.default.removeItem(at: folder) } }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var merged = ProcessInfo.processInfo.environment
        merged["CI"] = "true"
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("rxcheck-out-\(UUID().uuidString)")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("rxcheck-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw ToolTimeout(description: "\(binary.lastPathComponent) \(arguments.joined(separator: " ")) did not finish in \(Int(timeout)) s")
        }
        return ToolRun(status: process.terminationStatus,
                       output: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                       errors: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}
