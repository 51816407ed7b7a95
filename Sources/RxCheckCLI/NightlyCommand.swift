import Foundation
import RxCheck
import RxTestKit

/// Set by SIGINT/SIGTERM; read by the nightly loop.
nonisolated(unsafe) var receivedSignal: Int32 = 0

enum NightlyCommand {
    static var help: String { """
    usage: \(CLI.tool.name) nightly --duration D [PROPERTY|OPERATOR ...] [--jobs J] [--shard K/N] [--seed HEX]
                           [--cases N] [--report r.json] [--junit j.xml] [--html r.html]
                           [--seeds DIR] [--no-save] [--hang-timeout S] [--guided] [--dry-run]

    Runs every property (or those named) with fresh seeds until the time is up, spreading jobs
    over J worker processes. A worker that traps, or stops answering for the hang timeout, is
    recorded with the property, seed and case it was running and replaced; the run goes on.
    Ctrl-C or SIGTERM writes the reports of everything done so far, then exits (130 / 143).

      --duration D       time budget: 90s, 15m, 8h, 1h30m (at most 31d)
      --jobs J           worker processes (default: the number of cores; at most 256)
      --shard K/N        this machine's disjoint part of the seed space (default 1/1)
      --seed HEX         base seed (default: from the clock, printed and recorded in the report)
      --cases N          cases per job (default 500)
      --report FILE      JSON report (schema rxcheck-report/1)
      --junit FILE       JUnit XML, one test case per property
      --html FILE        self-contained HTML with SVG marble diagrams of every failure
      --seeds DIR        where failures are saved (default ./Seeds)
      --no-save          do not save failures
      --hang-timeout S   seconds without progress before a worker counts as hung (default 60)
      --guided           each job keeps a corpus of the cases whose runs did something new (a
                         new sequence of subscribes, disposes, elements and terminals per source,
                         counted in buckets) and draws half its cases by mutating them; a failure
                         replays with 'reproduce … --guided'
      --dry-run          check every option and path, print the plan, run nothing
    """ }

    static func run(_ words: [String]) throws -> Int32 {
        let command = "nightly"
        let arguments = try Arguments(
            words, command: command,
            valued: ["--duration", "--jobs", "--shard", "--seed", "--cases", "--report", "--junit", "--html", "--seeds",
                     "--hang-timeout"],
            bare: ["--no-save", "--dry-run", "--guided", "--help", "-h"])
        if arguments.has("--help") || arguments.has("-h") { print(help); return ExitStatus.passed }
        guard let durationText = arguments.string("--duration") else { throw UsageError("nightly: --duration is required (e.g. --duration 8h)") }
        guard let duration = parseDuration(durationText) else {
            throw UsageError("nightly: --duration needs a time like 90s, 15m or 8h, got '\(durationText)'")
        }
        guard duration <= Plan.maximumDuration else {
            throw UsageError("nightly: --duration takes at most 31d, got '\(durationText)'")
        }
        if let jobs = try arguments.positiveInt("--jobs", command: command), jobs > Plan.maximumJobs {
            throw UsageError("nightly: --jobs takes at most \(Plan.maximumJobs) worker processes, got '\(jobs)'")
        }
        let (shard, shards) = try parseShard(arguments.string("--shard") ?? "1/1")
        let properties = try CLI.select(arguments.positionals, command: command)
        var plan = Plan(
            properties: properties,
            jobs: try arguments.positiveInt("--jobs", command: command) ?? max(1, ProcessInfo.processInfo.activeProcessorCount),
            shard: shard, shards: shards,
            seed: try arguments.seed("--seed", command: command) ?? UInt64(Date().timeIntervalSince1970 * 1_000),
            casesPerJob: try arguments.caseCount("--cases", command: command) ?? 500,
            duration: duration,
            hangTimeout: Double(try arguments.positiveInt("--hang-timeout", command: command) ?? 60),
            guided: arguments.has("--guided"))
        plan.store = arguments.has("--no-save") ? nil : try CLI.seedStore(arguments, command: command)
        try checkOutputs(arguments, command: command)
        if let store = plan.store, let problem = store.problemSaving() {
            throw UsageError("nightly: --seeds \(store.directory.relativePath): \(problem) (or pass --no-save)")
        }
        if arguments.has("--dry-run") {
            let outputs = ["--report", "--junit", "--html"].compactMap { flag in arguments.string(flag).map { "\(flag) \($0)" } }
            print("\(CLI.tool.name) nightly (dry run): \(properties.count) properties, \(plan.jobs) workers, shard \(shard)/\(shards), "
                  + "seed \(SeedFormat.format(plan.seed)), \(durationText), \(plan.casesPerJob) cases per job\(plan.guided ? " (guided)" : ""), "
                  + (plan.store.map { "saving to \($0.directory.relativePath)" } ?? "not saving")
                  + (outputs.isEmpty ? "" : ", writing " + outputs.joined(separator: ", ")))
            return ExitStatus.passed
        }
        signal(SIGINT) { receivedSignal = $0 }
        signal(SIGTERM) { receivedSignal = $0 }
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these blocked (the mask is inherited); unblock them.
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        print("\(CLI.tool.name) nightly: \(properties.count) properties, \(plan.jobs) workers, shard \(shard)/\(shards), "
              + "seed \(SeedFormat.format(plan.seed)), \(durationText)\(plan.guided ? ", guided" : "")")
        let supervisor = Supervisor(plan: plan)
        let report = supervisor.run()
        let written = write(report, arguments: arguments, command: command)
        for failure in report.failures {
            print("✗ \(failure.property) [\(failure.kind)] seed \(failure.seed) case \(failure.case): \(failure.headline)")
            print("  replay: \(failure.replay)")
        }
        let failedCount = report.properties.filter { $0.failures > 0 }.count
        let notRunCount = report.properties.filter(NightlyReport.notRun).count
        print("\(report.properties.count - failedCount - notRunCount) passed, \(failedCount) failed, \(notRunCount) not run "
              + "(\(report.totalCases) cases, \(report.failures.count) failures\(report.interrupted ? ", interrupted" : ""))")
        if supervisor.couldNotStartWorker { return ExitStatus.usage }
        if receivedSignal != 0 { return 128 + receivedSignal }
        if !written { return ExitStatus.usage }
        return report.failures.isEmpty ? ExitStatus.passed : ExitStatus.failed
    }

    static func parseShard(_ text: String) throws -> (Int, Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
            throw UsageError("nightly: --shard needs K/N with 1 ≤ K ≤ N, got '\(text)'")
        }
        return (k, n)
    }

    /// Refuses, before any work, an output path that could not be written at the end.
    static func checkOutputs(_ arguments: Arguments, command: String) throws {
        for flag in ["--report", "--junit", "--html"] {
            guard let path = arguments.string(flag) else { continue }
            if let problem = FilePaths.problemWriting(path) { throw UsageError("\(command): \(flag) \(path): \(problem)") }
        }
    }

    /// Writes every requested output; one that fails is reported and the others are still
    /// written. Returns false when any failed.
    static func write(_ report: NightlyReport, arguments: Arguments, command: String) -> Bool {
        var written = true
        let outputs: [(String, () throws -> Data)] = [
            ("--report", { try report.json() }), ("--junit", { Data(report.junit().utf8) }), ("--html", { Data(report.html().utf8) }),
        ]
        for (flag, render) in outputs {
            guard let path = arguments.string(flag) else { continue }
            do {
                try render().write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                printError("\(CLI.tool.name) \(command): \(flag) \(path): cannot write: \(FilePaths.reason(error))")
                written = false
            }
        }
        return written
    }
}

/// What a nightly run is asked to do.
struct Plan {
    var properties: [Property<Scenario>]
    var jobs: Int
    /// The most worker processes a run starts: beyond it a typo would fork-bomb the machine.
    static let maximumJobs = 256
    /// The longest time budget (31 days): beyond it a typo would never end.
    static let maximumDuration = 31 * 86_400.0
    var shard: Int
    var shards: Int
    var seed: UInt64
    var casesPerJob: Int
    var duration: Double
    var hangTimeout: Double
    /// Jobs run guided searches (`GuidedSearch`) instead of blind cases.
    var guided = false
    var store: SeedStore?

    /// Job j of this shard: property j mod P, with a seed no other job of any shard uses.
    func job(_ index: Int) -> (property: Int, seed: UInt64) {
        let count = properties.count
        let round = index / count
        let stream = UInt64((round * shards + (shard - 1)) * count + index % count)
        return (index % count, SplitMix64.derive(seed, stream))
    }
}
