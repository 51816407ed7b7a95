import Foundation
import RxCheckTesting

/// A run of the built `rxcheck` binary.
typealias CLIRun = ToolRun

enum CLI {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `rxcheck` built next to this test bundle.
    static var binary: URL { ToolProcess.builtBinary(named: "rxcheck") }

    static func temporaryDirectory() throws -> URL { try ToolProcess.temporaryDirectory(prefix: "rxcheck-cli") }

    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    timeout: Double = 120) throws -> CLIRun {
        try ToolProcess.run(binary, arguments, in: directory ?? temporaryDirectory(), environment: environment, timeout: timeout)
    }
}

struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
