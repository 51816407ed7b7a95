import Foundation
import RxCheck
import RxTestKit

/// Exit statuses: 0 every property passed, 1 a property failed, 2 usage or input error.
public enum ExitStatus {
    /// Every property passed (or the command did what was asked).
    public static let passed: Int32 = 0
    /// A property failed.
    public static let failed: Int32 = 1
    /// A usage or input error.
    public static let usage: Int32 = 2
}

/// A command-line tool built on RxCheck: its name, its catalog and any commands of its own.
/// `rxcheck` is one; an integration's executable (`rxcheck-opencombine`) is another, with the
/// same commands, flags, Seeds format, reports and exit statuses over its own catalog.
public struct Tool {
    /// A command beyond the shared ones (`rxcheck bench`).
    public struct Command {
        /// The word that selects it.
        public var name: String
        /// One line for the tool's `--help`.
        public var summary: String
        /// Runs it with the words after its name; returns the exit status.
        public var run: ([String]) throws -> Int32

        public init(name: String, summary: String, run: @escaping ([String]) throws -> Int32) {
            self.name = name
            self.summary = summary
            self.run = run
        }
    }

    /// The executable's name, as messages and help print it.
    public var name: String
    /// One line after the name in `--help`.
    public var tagline: String
    /// Every property the tool checks by default.
    public var properties: () -> [Property<Scenario>]
    /// Properties added when `RXCHECK_SELFTEST=1`.
    public var selfTest: () -> [Property<Scenario>]
    /// The one line that reproduces case `index` of `seed` for a property (nil: the first failing case).
    public var replayCommand: (_ property: String, _ seed: String, _ index: Int?) -> String
    /// The Swift expression a regression test snippet calls to look up a property by name
    /// (`Catalog.property`).
    public var catalogLookup: String
    /// Commands of this tool alone.
    public var commands: [Command]
    /// For a property the tool's catalog expects to fail (an integration's known finding in the
    /// library it tests), the line `check` prints under its failure; nil for the rest.
    public var knownFailure: (_ property: String) -> String?
    /// Lines `check` prints under a property, pass or fail, naming the known findings of the
    /// library its cases showed and tolerated by their rules (an integration's catalog); none by default.
    public var findingsSeen: (_ property: String) -> [String]

    public init(name: String, tagline: String, properties: @escaping () -> [Property<Scenario>],
                selfTest: @escaping () -> [Property<Scenario>] = { [] },
                replayCommand: @escaping (_ property: String, _ seed: String, _ index: Int?) -> String,
                catalogLookup: String, commands: [Command] = [],
                knownFailure: @escaping (_ property: String) -> String? = { _ in nil },
                findingsSeen: @escaping (_ property: String) -> [String] = { _ in [] }) {
        self.name = name
        self.tagline = tagline
        self.properties = properties
        self.selfTest = selfTest
        self.replayCommand = replayCommand
        self.catalogLookup = catalogLookup
        self.commands = commands
        self.knownFailure = knownFailure
        self.findingsSeen = findingsSeen
    }
}

/// The shared commands: list, check, reproduce, replay, nightly (with its workers) and merge.
public enum CLI {
    /// The tool being run; set once by `main` before any command.
    nonisolated(unsafe) static var tool = Tool(name: "rxcheck", tagline: "", properties: { [] },
                                               replayCommand: { _, _, _ in "" }, catalogLookup: "")

    /// The tool's replay line for case `index` of `seed`, ending in `--guided` for a case of a
    /// guided search (which `reproduce` finds again only by searching from case 0).
    static func replayCommand(_ property: String, _ seed: String, _ index: Int?, guided: Bool) -> String {
        tool.replayCommand(property, seed, index) + (guided ? " --guided" : "")
    }

    /// This very binary, for the commands that run it again (workers, a replay that resumes
    /// after a crash, the instruction counts under valgrind).
    public static var executable: URL { Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]) }

    /// Runs `tool` with the process's arguments and returns the exit status.
    public static func main(_ tool: Tool, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        self.tool = tool
        return run(arguments)
    }

    static let sharedCommands: [(String, String)] = [
        ("list", "every property with its one-line description"),
        ("check", "run properties (all by default) and report failures"),
        ("reproduce", "replay one case of a seed, shrink it, and print it"),
        ("replay", "rerun the cases stored in a Seeds file"),
        ("nightly", "run everything with fresh seeds for a time budget, in worker processes"),
        ("merge", "join nightly reports from several shards"),
    ]

    static var usage: String {
        let commands = sharedCommands + tool.commands.map { ($0.name, $0.summary) }
        let lines = commands.map { "  " + $0.0.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.1 }
        return """
        \(tool.name) — \(tool.tagline)

        usage: \(tool.name) <command> [options]

        commands:
        \(lines.joined(separator: "\n"))

        Run '\(tool.name) <command> --help' for a command's options, '\(tool.name) --version' for the release.
        Exit status: 0 all passed, 1 a property failed, 2 usage or input error.
        """
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            printError(usage)
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "--help", "-h", "help": print(usage); return ExitStatus.passed
            case "--version", "version": print("\(tool.name) \(RxCheckRelease.current)"); return ExitStatus.passed
            case "list": return try ListCommand.run(rest)
            case "check": return try CheckCommand.run(rest)
            case "reproduce": return try ReproduceCommand.run(rest)
            case "replay": return try ReplayCommand.run(rest)
            case "nightly": return try NightlyCommand.run(rest)
            case "merge": return try MergeCommand.run(rest)
            case "worker": return try WorkerCommand.run(rest)
            default:
                if let extra = tool.commands.first(where: { $0.name == command }) { return try extra.run(rest) }
                let commands = sharedCommands.map(\.0) + tool.commands.map(\.name)
                let hint = closest(command, in: commands).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError("unknown command '\(command)'\(hint); see '\(tool.name) --help'")
            }
        } catch let error as UsageError {
            printError("\(tool.name): \(error.description)")
            return ExitStatus.usage
        } catch let error as SeedFileError {
            printError("\(tool.name): \(error.description)")
            return ExitStatus.usage
        } catch {
            printError("\(tool.name): \(error)")
            return ExitStatus.usage
        }
    }

    /// The property a Seeds entry belongs to, among `known` (build `properties` once per run,
    /// not once per entry). One rule for check, replay and `swift test`: an entry naming no
    /// property, or a case its property cannot judge (`Property.refusal(of:)`), is an input
    /// error at its file and line, never skipped.
    static func property(of entry: SeedEntry, in path: String, command: String,
                         among known: [Property<Scenario>]) throws -> Property<Scenario> {
        if let property = known.first(where: { $0.name == entry.property }) {
            if let reason = property.refusal(of: entry.scenario) {
                throw UsageError("\(command): \(path):\(entry.line): \(entry.property) cannot run this case: \(reason)")
            }
            return property
        }
        let hint = closestNames(entry.property, in: known.map(\.name)).joined(separator: ", ")
        throw UsageError("\(command): \(path):\(entry.line): no property named '\(entry.property)'"
                         + (hint.isEmpty ? "" : " (closest: \(hint))"))
    }

    /// The catalog, plus the self-test operators when `RXCHECK_SELFTEST=1`.
    static var properties: [Property<Scenario>] {
        let selfTest = ProcessInfo.processInfo.environment["RXCHECK_SELFTEST"] == "1"
        return tool.properties() + (selfTest ? tool.selfTest() : [])
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
                throw UsageError("\(command): no property or operator named '\(name)'\(hint); see '\(tool.name) list'")
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
