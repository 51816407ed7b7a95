import Foundation
import RxCheck
import RxTestKit

enum CheckCommand {
    static var help: String { """
    usage: \(CLI.tool.name) check [PROPERTY|OPERATOR ...] [--cases N] [--seed HEX] [--save] [--seeds DIR] [--timeout S] [--verbose]
           \(CLI.tool.name) check [PROPERTY|OPERATOR ...] --exhaustive K [--grid G] [--save] [--seeds DIR] [--timeout S]

    Runs properties — the whole catalog when none is named — first replaying their entries in
    Seeds/, then N random cases each. Prints one line per property and a summary; a failure
    prints its shrunk marble report and the command that reproduces it. A case that crashes
    the process or runs past the timeout is reported with its property, seed and case (exit 1).

      --cases N     random cases per property (default 200)
      --seed HEX    the run's seed (default 5eed000020260001)
      --save        record each new failure in Seeds/ (atomic, never twice)
      --seeds DIR   the seed folder (default ./Seeds)
      --timeout S   seconds one case may run before it counts as a runaway (default 60, 0: none)
      --verbose     print case statistics and shrink-pass counters
      --exhaustive K  instead of random cases, every scenario of each property's shape with at
                    most K events in all (0–6), on a small tick grid: every flavour, tick, value,
                    terminal, same-tick order, dispose point and parameter choice, fewest events
                    first. The first failure is a smallest one and is not shrunk; a clean run
                    prints its guarantee ("no counterexample with at most 3 events on a 3-tick grid")
      --grid G      grid ticks an event may fall on with --exhaustive (1–6, default 3)
    """ }

    static func run(_ words: [String]) throws -> Int32 {
        let command = "check"
        let arguments = try Arguments(words, command: command, valued: ["--cases", "--seed", "--seeds", "--timeout", "--exhaustive", "--grid"],
                                      bare: ["--save", "--verbose", "--help", "-h"])
        if arguments.has("--help") || arguments.has("-h") { print(help); return ExitStatus.passed }
        let properties = try CLI.select(arguments.positionals, command: command)
        var options = RunOptions()
        if let cases = try arguments.caseCount("--cases", command: command) { options.cases = cases }
        if let seed = try arguments.seed("--seed", command: command) { options.seed = seed }
        let store = try CLI.seedStore(arguments, command: command)
        let stored = try storedEntries(store, command: command)
        if arguments.has("--save"), let problem = store.problemSaving() {
            throw UsageError("check: --save: cannot save into \(arguments.string("--seeds") ?? "Seeds"): \(problem)")
        }
        CrashGuard.install(timeout: try arguments.timeout(command: command))
        if let scope = try smallScope(arguments, command: command) {
            return exhaust(properties, scope: scope, arguments: arguments, store: store)
        }
        var unsaved = 0
        let verbose = arguments.has("--verbose")
        let width = properties.map(\.name.count).max() ?? 0
        var failed = 0
        var cases = 0
        let started = Date()
        for property in properties {
            let clock = Date()
            var regression: (SeedEntry, Failure)?
            for entry in stored where entry.property == property.name {
                CrashGuard.enter("\(CLI.displayPath(arguments, property: property.name)):\(entry.line) \(property.name)")
                CrashGuard.rearm()
                if case .fail(let failure) = property.check(entry.scenario) { regression = (entry, failure); break }
            }
            CrashGuard.leave()
            let name = property.name.padding(toLength: width, withPad: " ", startingAt: 0)
            if let (entry, failure) = regression {
                failed += 1
                print("✗ \(name)  a stored regression fails again (\(CLI.displayPath(arguments, property: property.name)):\(entry.line))")
                print("  note: \(entry.note)")
                print(failure.details.map { "    " + $0 }.joined(separator: "\n"))
                continue
            }
            let report = CrashGuard.run(property, options: options)
            cases += report.casesRun
            let seconds = String(format: "%.2fs", Date().timeIntervalSince(clock))
            if report.passed {
                print("✓ \(name)  \(report.casesRun) cases  \(seconds)")
                for line in CLI.tool.findingsSeen(property.name) { print("  " + line) }
                if verbose { print(ReportFormatter.passText(report).split(separator: "\n").dropFirst().joined(separator: "\n")) }
                continue
            }
            failed += 1
            print("✗ \(name)  \(report.casesRun) cases  \(seconds)")
            if let known = CLI.tool.knownFailure(property.name) { print("  known: \(known)") }
            for line in CLI.tool.findingsSeen(property.name) { print("  " + line) }
            if report.failure == nil {
                print(ReportFormatter.passText(report))
                continue
            }
            print(ReportFormatter.failureText(report, property: property, verbose: verbose))
            if arguments.has("--save"), let failure = report.failure {
                let entry = SeedEntry(property: property.name, seed: report.seed, caseIndex: failure.caseIndex,
                                      date: CLI.today, note: failure.failure.headline, scenario: failure.shrunk)
                if !save(entry, arguments: arguments, store: store) { unsaved += 1 }
            }
        }
        let total = String(format: "%.1f", Date().timeIntervalSince(started))
        print("\(properties.count - failed) passed, \(failed) failed (\(properties.count) properties, \(cases) cases, \(total)s)"
              + (unsaved > 0 ? ", \(unsaved) not saved" : ""))
        if unsaved > 0 { return ExitStatus.usage }
        return failed == 0 ? ExitStatus.passed : ExitStatus.failed
    }

    /// Saves a failure's entry in the seed folder and says where; false (with an error line) when
    /// it could not be written.
    static func save(_ entry: SeedEntry, arguments: Arguments, store: SeedStore) -> Bool {
        let path = CLI.displayPath(arguments, property: entry.property)
        do {
            print(try store.save(entry) ? "  saved to \(path)" : "  already in \(path)")
            return true
        } catch {
            print("  could not save to \(path): \(error)")
            printError("\(CLI.tool.name): check: could not save \(entry.property): \(error)")
            return false
        }
    }

    /// The small scope `--exhaustive K [--grid G]` names, or nil without `--exhaustive`.
    static func smallScope(_ arguments: Arguments, command: String) throws -> SmallScope? {
        guard let events = try arguments.nonNegativeInt("--exhaustive", command: command) else {
            if arguments.string("--grid") != nil { throw UsageError("\(command): --grid needs --exhaustive") }
            return nil
        }
        guard events <= 6 else { throw UsageError("\(command): --exhaustive takes at most 6 events, got '\(events)'") }
        for flag in ["--cases", "--seed"] where arguments.string(flag) != nil {
            throw UsageError("\(command): \(flag) has no meaning with --exhaustive")
        }
        let grid = try arguments.positiveInt("--grid", command: command) ?? 3
        guard grid <= 6 else { throw UsageError("\(command): --grid takes at most 6 ticks, got '\(grid)'") }
        return SmallScope(events: events, grid: grid)
    }

    /// `check --exhaustive`: every property on every case of `scope`; a failure prints the
    /// case (a smallest one) and the command that finds it again.
    static func exhaust(_ properties: [Property<Scenario>], scope: SmallScope, arguments: Arguments, store: SeedStore) -> Int32 {
        let width = properties.map(\.name.count).max() ?? 0
        var failed = 0, cases = 0, skipped = 0, unsaved = 0
        let started = Date()
        for property in properties {
            let name = property.name.padding(toLength: width, withPad: " ", startingAt: 0)
            CrashGuard.enter("\(property.name) --exhaustive \(scope.events) --grid \(scope.grid)")
            CrashGuard.rearm()
            let guarded = property.callingBeforeEachCheck { CrashGuard.rearm() }
            guard let report = Runner.exhaust(guarded, scope: scope) else {
                CrashGuard.leave()
                skipped += 1
                print("- \(name)  its cases cannot be enumerated")
                continue
            }
            CrashGuard.leave()
            cases += report.casesRun
            let seconds = String(format: "%.2fs", report.seconds)
            guard let failure = report.failure else {
                print("✓ \(name)  \(report.casesRun) scenarios  \(seconds)")
                for line in CLI.tool.findingsSeen(property.name) { print("  " + line) }
                continue
            }
            failed += 1
            print("✗ \(name)  scenario \(failure.index + 1) of the scope  \(seconds)")
            if let known = CLI.tool.knownFailure(property.name) { print("  known: \(known)") }
            print("  \(failure.failure.headline)")
            print("")
            let events = property.measure(failure.value)
            print("  smallest case (\(events) event\(events == 1 ? "" : "s"); every scenario with fewer passed):")
            for line in failure.failure.details.flatMap({ $0.split(separator: "\n", omittingEmptySubsequences: false) }) {
                print("    " + line)
            }
            print("  replay: swift run -c release \(CLI.tool.name) check \(property.name) --exhaustive \(scope.events) --grid \(scope.grid)")
            if arguments.has("--save") {
                let entry = SeedEntry(property: property.name, seed: 0, caseIndex: failure.index, date: CLI.today,
                                      note: "exhaustive, \(scope): \(failure.failure.headline)", scenario: failure.value)
                if !save(entry, arguments: arguments, store: store) { unsaved += 1 }
            }
        }
        let total = String(format: "%.1f", Date().timeIntervalSince(started))
        let checked = properties.count - skipped
        print("\(checked - failed) passed, \(failed) failed (\(checked) properties, \(cases) scenarios, \(total)s)"
              + (skipped > 0 ? ", \(skipped) not enumerable" : "") + (unsaved > 0 ? ", \(unsaved) not saved" : ""))
        if failed == 0 && checked > 0 { print("no counterexample with \(scope)") }
        if unsaved > 0 { return ExitStatus.usage }
        return failed == 0 ? ExitStatus.passed : ExitStatus.failed
    }

    /// Every entry under the seed folder; a file that does not parse, or an entry naming no
    /// property, is an input error at its file and line.
    static func storedEntries(_ store: SeedStore, command: String) throws -> [SeedEntry] {
        let known = CLI.properties
        return try store.files().flatMap { file in
            let entries = try store.entries(in: file)
            let path = store.directory.relativePath + "/" + file.lastPathComponent
            for entry in entries { _ = try CLI.property(of: entry, in: path, command: command, among: known) }
            return entries
        }
    }
}
