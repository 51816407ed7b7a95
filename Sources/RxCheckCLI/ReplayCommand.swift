import Foundation
import RxCheck
import RxTestKit

enum ReplayCommand {
    static var help: String { """
    usage: \(CLI.tool.name) replay FILE|FOLDER ... [--timeout S]

    Reruns every case stored in the given Seeds files (every *.seeds file of a folder) and says,
    for each, whether it still fails. An entry that crashes the process or runs past the
    timeout is reported as failing, and the replay goes on with the next entry.

      --timeout S   seconds one entry may run before it counts as a runaway (default 60, 0: none)

    Exit status 1 when any still fails, 2 when a file is missing or does not parse.
    """ }

    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, command: "replay", valued: ["--timeout", "--resume"], bare: ["--help", "-h"])
        if arguments.has("--help") || arguments.has("-h") { print(help); return ExitStatus.passed }
        guard !arguments.positionals.isEmpty else { throw UsageError("replay: name at least one seed file or folder") }
        let timeout = try arguments.timeout(command: "replay")
        // `--resume K:P:F` (internal): a crash at entry K-1 re-executed the command; P passed and
        // F failed before it.
        var (start, passed, stillFailing) = (0, 0, 0)
        if let resume = arguments.string("--resume") {
            let numbers = resume.split(separator: ":").compactMap { Int($0) }
            guard numbers.count == 3, numbers.allSatisfy({ $0 >= 0 }) else { throw UsageError("replay: --resume needs K:P:F") }
            (start, passed, stillFailing) = (numbers[0], numbers[1], numbers[2])
        }
        let known = CLI.properties
        var entries: [(path: String, entry: SeedEntry, property: Property<Scenario>)] = []
        for path in arguments.positionals {
            for file in try seedFiles(path) {
                let parsed = try SeedStore(directory: URL(fileURLWithPath: file).deletingLastPathComponent())
                    .entries(in: URL(fileURLWithPath: file))
                // A file that holds no entry is refused, in a folder too: a file read wrong (or
                // written wrong) must not pass as an empty one.
                if parsed.isEmpty { throw UsageError("replay: \(file): no entries") }
                for entry in parsed {
                    entries.append((file, entry, try CLI.property(of: entry, in: file, command: "replay", among: known)))
                }
            }
        }
        CrashGuard.install(timeout: timeout)
        let executable = CLI.executable.path
        let plain = arguments.positionals + ["--timeout", String(timeout)]
        for (index, (path, entry, property)) in entries.enumerated() where index >= start {
            let place = "\(path):\(entry.line) \(entry.property)"
            CrashGuard.enter(place, resume: [executable, "replay", "--resume", "\(index + 1):\(passed):\(stillFailing + 1)"] + plain)
            CrashGuard.rearm()
            let verdict = property.check(entry.scenario)
            CrashGuard.leave()
            switch verdict {
            case .fail(let failure):
                stillFailing += 1
                print("✗ \(place) still fails: \(failure.headline)")
                print(failure.details.map { "    " + $0 }.joined(separator: "\n"))
            case .pass, .discard:
                passed += 1
                print("✓ \(place) passes (\(entry.note))")
            }
        }
        print("\(passed) passed, \(stillFailing) failed")
        return stillFailing == 0 ? ExitStatus.passed : ExitStatus.failed
    }

    /// The seed files a path names: the file itself, or every `*.seeds` file of a folder.
    static func seedFiles(_ path: String) throws -> [String] {
        guard let isFolder = FilePaths.isFolder(path) else { throw UsageError("replay: \(path): no such file or folder") }
        guard isFolder else { return [path] }
        let files = try SeedStore(directory: URL(fileURLWithPath: path)).files()
        guard !files.isEmpty else { throw UsageError("replay: \(path): a folder with no .seeds files") }
        return files.map { (path as NSString).appendingPathComponent($0.lastPathComponent) }
    }
}
