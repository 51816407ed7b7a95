import Foundation

/// Runs the built `rxcheck` binary in a fresh temporary folder.
struct CLIRun {
    let status: Int32
    let output: String
    let errors: String
}

enum CLI {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `rxcheck` built next to this test bundle.
    static var binary: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("rxcheck").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("rxcheck")
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rxcheck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    timeout: Double = 120) throws -> CLIRun {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = try directory ?? temporaryDirectory()
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
            throw CLIError("rxcheck \(arguments.joined(separator: " ")) did not finish in \(timeout) s")
        }
        return CLIRun(status: process.terminationStatus,
                      output: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                      errors: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}

struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
