import Foundation
import RxCheck
import RxCheckProperties
import RxTestKit

/// Exit statuses: 0 every property passed, 1 a property failed, 2 usage or input error.
enum ExitStatus {
    static let passed: Int32 = 0
    static let failed: Int32 = 1
    static let usage: Int32 = 2
}

enum CLI {
    /// This very binary, for the commands that run it again (workers, a replay that resumes
    /// after a crash, the instruction counts under valgrind).
    static var executable: URL { Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]) }

    static let usage = """
    rxcheck — property-based stress testing for reactive operators

    usage: rxcheck <command> [options]

    commands:
      list        every property with its one-line description
      check       run properties (all by default) and report failures
      reproduce   replay one case of a seed, shrink it, and print it
      replay      rerun the cases stored in a Seeds file
      nightly     run everything with fresh seeds for a time budget, in worker processes
      merge       join nightly reports from several shards
      bench       measure the scheduler, the engine and the shrinker

    Run 'rxcheck <command> --help' for a command's options.
    Exit status: 0 all passed, 1 a property failed, 2 usage or input error.
    """

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            printError(usage)
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "--help", "-h", "help": print(usage); return ExitStatus.passed
            case "list": return try ListCommand.run(rest)
            case "check": return try CheckCommand.run(rest)
            case "reproduce": return try ReproduceCommand.run(rest)
            case "replay": return try ReplayCommand.run(rest)
            case "nightly": return try NightlyCommand.run(rest)
            case "merge": return try MergeCommand.run(rest)
            case "worker": return try WorkerCommand.run(rest)
            case "bench": return try BenchCommand.run(rest)
            default:
                let commands = ["list", "check", "reproduce", "replay", "nightly", "merge", "bench"]
                let hint = closest(command, in: commands).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError("unknown command '\(command)'\(hint); see 'rxcheck --help'")
            }
        } catch let error as UsageError {
            printError("rxcheck: \(error.description)")
            return ExitStatus.usage
        } catch let error as SeedFileError {
            printError("rxcheck: \(error.description)")
            return ExitStatus.usage
        } catch {
            printError("rxcheck: \(error)")
            return ExitStatus.usage
        }
    }

    /// The catalog, plus the self-test operators when `RXCHECK_SELFTEST=1`.
    /// The property a Seeds entry belongs to, among `known` (build `properties` once per run,
    /// not once per entry). One rule for check, replay and `swift test`: an entry naming no
    /// property is an input error at its file and line, never skipped.
    static func property(of entry: SeedEntry, in path: String, command: String,
                         among known: [Property<Scenario>]) throws -> Property<Scenario> {
        if let property = known.first(where: { $0.name == entry.property }) { return property }
        let hint = closestNames(entry.property, in: known.map(\.name)).joined(separator: ", ")
        throw UsageError("\(command): \(path):\(entry.line): no property named '\(entry.property)'"
                         + (hint.isEmpty ? "" : " (closest: \(hint))"))
    }

    static var properties: [Property<Scenario>] {
        let selfTest = ProcessInfo.processInfo.environment["RXCHECK_SELFTEST"] == "1"
        return Catalog.all + (selfTest ? Catalog.selfTest : [])
    }

    /// Properties named exactly, or all properties of a named operator. Unknown names are an
    /// error that suggests the closest names.
    static func select(_ names: [String], command: String) throws -> [Property<Scenario>] {
        let all = properties
        guard !names.isEmpty else { return all }
        var chosen: [Property<Scenario>] = []
        for name in names {
            if let property = all.first(where: { $0.name == name }) {
                chosen.append(property)
            } else if all.contains(where: { $0.group == name }) {
                chosen += all.filter { $0.group == name }
            } else {
                let candidates = all.map(\.name) + Array(Set(all.map(\.group))).sorted()
                let suggestions = closestNames(name, in: candidates)
                let hint = suggestions.isEmpty ? "" : " (closest: \(suggestions.joined(separator: ", ")))"
                throw UsageError("\(command): no property or operator named '\(name)'\(hint); see 'rxcheck list'")
            }
        }
        var seen = Set<String>()
        return chosen.filter { seen.insert($0.name).inserted }
    }

    /// `Seeds/` under the current directory unless `--seeds` says otherwise. A folder named with
    /// `--seeds` must exist: a mistyped path would otherwise replay nothing and save nowhere.
    static func seedStore(_ arguments: Arguments, command: String) throws -> SeedStore {
        guard let named = arguments.string("--seeds") else { return SeedStore(directory: URL(fileURLWithPath: "Seeds")) }
        guard FilePaths.isFolder(named) == true else {
            throw UsageError("\(command): --seeds \(named): no such folder (create it, or leave --seeds out for ./Seeds)")
        }
        return SeedStore(directory: URL(fileURLWithPath: named))
    }

    /// How to show a seed file to the user: under the folder as they named it.
    static func displayPath(_ arguments: Arguments, property: String) -> String {
        let folder = arguments.string("--seeds") ?? "Seeds"
        let store = SeedStore(directory: URL(fileURLWithPath: folder))
        return (folder as NSString).appendingPathComponent(store.file(for: property).lastPathComponent)
    }

    /// Today's date for a new seed entry (`RXCHECK_DATE` overrides it, for reproducible files).
    static var today: String {
        if let fixed = ProcessInfo.processInfo.environment["RXCHECK_DATE"] { return fixed }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    static var isTerminal: Bool { isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
