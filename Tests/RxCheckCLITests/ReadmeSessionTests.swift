import Foundation
import Testing

/// The terminal session in README.md is run for real: each `$` command, with
/// `swift run -c release rxcheck` standing for the built binary, must print exactly the lines
/// that follow it, except timings.
@Suite struct ReadmeSessionTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// `(environment, arguments, expected output)` for every command in the console blocks.
    static func commands() throws -> [([String: String], [String], String)] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var result: [([String: String], [String], String)] = []
        var inConsole = false
        var current: ([String: String], [String], [String])?
        func flush() {
            if let (environment, arguments, lines) = current {
                result.append((environment, arguments, lines.joined(separator: "\n") + "\n"))
            }
            current = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "```console" { inConsole = true; continue }
            if inConsole && line == "```" { flush(); inConsole = false; continue }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                flush()
                var words = line.dropFirst(2).split(separator: " ").map(String.init)
                var environment: [String: String] = [:]
                while let first = words.first, first.contains("="), !first.hasPrefix("-") {
                    let parts = first.split(separator: "=", maxSplits: 1).map(String.init)
                    environment[parts[0]] = parts[1]
                    words.removeFirst()
                }
                #expect(Array(words.prefix(4)) == ["swift", "run", "-c", "release"], "\(line)")
                #expect(words.dropFirst(4).first == "rxcheck", "\(line)")
                current = (environment, Array(words.dropFirst(5)), [])
            } else {
                current?.2.append(line)
            }
        }
        return result
    }

    static func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: #"\d+\.\d+s"#, with: "#s", options: .regularExpression)
    }

    @Test func readmeSession_matchesTheRealOutput() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 2)
        for (environment, arguments, expected) in commands {
            let run = try CLI.run(arguments, environment: environment)
            #expect(Self.normalised(run.output) == Self.normalised(expected), "rxcheck \(arguments.joined(separator: " "))")
        }
    }
}
