import Foundation
import RxCheck
import RxTestKit

enum ReplayCommand {
    static let help = """
    usage: rxcheck replay FILE ...

    Reruns every case stored in the given Seeds files and says, for each, whether it still
    fails. Exit status 1 when any still fails, 2 when a file is missing or does not parse.
    """

    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, command: "replay", valued: [], bare: ["--help", "-h"])
        if arguments.has("--help") || arguments.has("-h") { print(help); return ExitStatus.passed }
        guard !arguments.positionals.isEmpty else { throw UsageError("replay: name at least one seed file") }
        var stillFailing = 0
        var total = 0
        let known = CLI.properties
        for path in arguments.positionals {
            let url = URL(fileURLWithPath: path)
            guard FileManager.default.fileExists(atPath: url.path) else { throw UsageError("replay: \(path): no such file") }
            let entries = try SeedStore(directory: url.deletingLastPathComponent()).entries(in: url)
            if entries.isEmpty { throw UsageError("replay: \(path): no entries") }
            for entry in entries {
                let property = try CLI.property(of: entry, in: path, command: "replay", among: known)
                total += 1
                switch property.check(entry.scenario) {
                case .fail(let failure):
                    stillFailing += 1
                    print("✗ \(path):\(entry.line) \(entry.property) still fails: \(failure.headline)")
                    print(failure.details.map { "    " + $0 }.joined(separator: "\n"))
                case .pass, .discard:
                    print("✓ \(path):\(entry.line) \(entry.property) passes (\(entry.note))")
                }
            }
        }
        print("\(total - stillFailing) passed, \(stillFailing) failed")
        return stillFailing == 0 ? ExitStatus.passed : ExitStatus.failed
    }
}
