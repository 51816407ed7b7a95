import Foundation
import RxCheck
import RxCheckProperties
import RxTestKit

/// Set by SIGINT/SIGTERM; read by the nightly loop.
nonisolated(unsafe) private var receivedSignal: Int32 = 0

enum NightlyCommand {
    static let help = """
    usage: rxcheck nightly --duration D [PROPERTY|OPERATOR ...] [--jobs J] [--shard K/N] [--seed HEX]
                           [--cases N] [--report r.json] [--junit j.xml] [--html r.html]
                           [--seeds DIR] [--no-save] [--hang-timeout S] [--dry-run]

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
      --dry-run          check every option and path, print the plan, run nothing
    """

    static func run(_ words: [String]) throws -> Int32 {
        let command = "nightly"
        let arguments = try Arguments(
            words, command: command,
            valued: ["--duration", "--jobs", "--shard", "--seed", "--cases", "--report", "--junit", "--html", "--seeds",
                     "--hang-timeout"],
            bare: ["--no-save", "--dry-run", "--help", "-h"])
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
            hangTimeout: Double(try arguments.positiveInt("--hang-timeout", command: command) ?? 60))
        plan.store = arguments.has("--no-save") ? nil : try CLI.seedStore(arguments, command: command)
        try checkOutputs(arguments, command: command)
        if let store = plan.store, let problem = store.problemSaving() {
            throw UsageError("nightly: --seeds \(store.directory.relativePath): \(problem) (or pass --no-save)")
        }
        if arguments.has("--dry-run") {
            let outputs = ["--report", "--junit", "--html"].compactMap { flag in arguments.string(flag).map { "\(flag) \($0)" } }
            print("rxcheck nightly (dry run): \(properties.count) properties, \(plan.jobs) workers, shard \(shard)/\(shards), "
                  + "seed \(SeedFormat.format(plan.seed)), \(durationText), \(plan.casesPerJob) cases per job, "
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
        print("rxcheck nightly: \(properties.count) properties, \(plan.jobs) workers, shard \(shard)/\(shards), "
              + "seed \(SeedFormat.format(plan.seed)), \(durationText)")
        let report = Supervisor(plan: plan).run()
        let written = write(report, arguments: arguments, command: command)
        for failure in report.failures {
            print("✗ \(failure.property) [\(failure.kind)] seed \(failure.seed) case \(failure.case): \(failure.headline)")
            print("  replay: \(failure.replay)")
        }
        let failedCount = report.properties.filter { $0.failures > 0 }.count
        let notRunCount = report.properties.filter(NightlyReport.notRun).count
        print("\(report.properties.count - failedCount - notRunCount) passed, \(failedCount) failed, \(notRunCount) not run "
              + "(\(report.totalCases) cases, \(report.failures.count) failures\(report.interrupted ? ", interrupted" : ""))")
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
                printError("rxcheck \(command): \(flag) \(path): cannot write: \(FilePaths.reason(error))")
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
    var store: SeedStore?

    /// Job j of this shard: property j mod P, with a seed no other job of any shard uses.
    func job(_ index: Int) -> (property: Int, seed: UInt64) {
        let count = properties.count
        let round = index / count
        let stream = UInt64((round * shards + (shard - 1)) * count + index % count)
        return (index % count, SplitMix64.derive(seed, stream))
    }
}

/// Runs jobs in worker processes and keeps the run going whatever they do.
final class Supervisor {
    private final class Worker {
        let process: Process
        let output: Int32
        let errors: Int32
        let property: Int
        let seed: UInt64
        var buffer = Data()
        var errorText = Data()
        var lastCase = -1
        var lastHeard = Date()
        /// Seconds without a word from the worker when the run was interrupted.
        var silenceAtInterrupt = 0.0
        var result: WorkerResult?
        var killedForHanging = false

        init(process: Process, output: Int32, errors: Int32, property: Int, seed: UInt64) {
            self.process = process
            self.output = output
            self.errors = errors
            self.property = property
            self.seed = seed
        }
    }

    private let plan: Plan
    private var workers: [Worker] = []
    private var nextJob = 0
    private var totals: [NightlyReport.PropertyTotals]
    private var failures: [NightlyReport.Failure] = []
    private let started = Date()
    private var lastProgress = Date()

    init(plan: Plan) {
        self.plan = plan
        self.totals = plan.properties.map { NightlyReport.PropertyTotals(name: $0.name, group: $0.group) }
    }

    func run() -> NightlyReport {
        let deadline = started.addingTimeInterval(plan.duration)
        while true {
            if receivedSignal != 0 {
                for worker in workers { worker.silenceAtInterrupt = Date().timeIntervalSince(worker.lastHeard) }
                for worker in workers { kill(worker.process.processIdentifier, SIGKILL) }
                for worker in workers { settle(worker.process) }
                for worker in workers {
                    drain(worker)
                    recordInFlight(worker)
                }
                workers = []
                break
            }
            let now = Date()
            while now < deadline && workers.count < plan.jobs {
                start(nextJob)
                nextJob += 1
            }
            if workers.isEmpty && now >= deadline { break }
            pump()
            progress(deadline: deadline)
        }
        if CLI.isTerminal { print("") }
        return NightlyReport(seeds: [SeedFormat.format(plan.seed)], shards: ["\(plan.shard)/\(plan.shards)"],
                             interrupted: receivedSignal != 0, seconds: Date().timeIntervalSince(started),
                             properties: totals, failures: failures)
    }

    private func start(_ index: Int) {
        let (property, seed) = plan.job(index)
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["worker", plan.properties[property].name, "--seed", SeedFormat.format(seed),
                             "--cases", String(plan.casesPerJob)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        // A crashing worker should say why in a line, not spend time printing a backtrace.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        do {
            try process.run()
        } catch {
            printError("rxcheck nightly: cannot start a worker: \(error)")
            receivedSignal = SIGTERM
            return
        }
        let outFD = output.fileHandleForReading.fileDescriptor
        let errFD = errors.fileHandleForReading.fileDescriptor
        _ = fcntl(outFD, F_SETFL, fcntl(outFD, F_GETFL) | O_NONBLOCK)
        _ = fcntl(errFD, F_SETFL, fcntl(errFD, F_GETFL) | O_NONBLOCK)
        // Keep the pipes alive as long as the worker: their file handles own the descriptors.
        pipes[process.processIdentifier] = (output, errors)
        workers.append(Worker(process: process, output: outFD, errors: errFD, property: property, seed: seed))
    }

    private var pipes: [Int32: (Pipe, Pipe)] = [:]

    /// Waits up to two seconds for a killed process to be reaped. (Foundation's
    /// `waitUntilExit` can wait forever for a child killed while the parent handles a signal.)
    private func settle(_ process: Process) {
        let limit = Date().addingTimeInterval(2)
        while process.isRunning && Date() < limit { usleep(10_000) }
    }

    /// Reads what workers wrote, reaps finished ones, kills hung ones.
    private func pump() {
        var descriptors = workers.flatMap { [pollfd(fd: $0.output, events: Int16(POLLIN), revents: 0),
                                             pollfd(fd: $0.errors, events: Int16(POLLIN), revents: 0)] }
        _ = poll(&descriptors, nfds_t(descriptors.count), 100)
        for worker in workers {
            drain(worker)
        }
        var remaining: [Worker] = []
        for worker in workers {
            if worker.process.isRunning {
                if Date().timeIntervalSince(worker.lastHeard) > plan.hangTimeout {
                    worker.killedForHanging = true
                    kill(worker.process.processIdentifier, SIGKILL)
                    settle(worker.process)
                    drain(worker)
                    finish(worker)
                } else {
                    remaining.append(worker)
                }
            } else {
                drain(worker)
                finish(worker)
            }
        }
        workers = remaining
    }

    private func drain(_ worker: Worker) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(worker.output, &chunk, chunk.count)
            if count <= 0 { break }
            worker.buffer.append(contentsOf: chunk[0..<count])
            worker.lastHeard = Date()
        }
        while let newline = worker.buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: worker.buffer[worker.buffer.startIndex..<newline], as: UTF8.self)
            worker.buffer.removeSubrange(worker.buffer.startIndex...newline)
            if line.hasPrefix("case "), let index = Int(line.dropFirst(5)) {
                worker.lastCase = index
            } else if line.hasPrefix("result "),
                      let result = try? JSONDecoder().decode(WorkerResult.self, from: Data(line.dropFirst(7).utf8)) {
                worker.result = result
            }
        }
        while true {
            let count = read(worker.errors, &chunk, chunk.count)
            if count <= 0 { break }
            if worker.errorText.count < 16_384 { worker.errorText.append(contentsOf: chunk[0..<count]) }
        }
    }

    private func finish(_ worker: Worker) {
        pipes[worker.process.processIdentifier] = nil
        let property = plan.properties[worker.property]
        let seedText = SeedFormat.format(worker.seed)
        totals[worker.property].jobs += 1
        if let result = worker.result {
            totals[worker.property].cases += result.cases
            if let failure = result.failure { record(failure, property: property, note: failure.headline) }
            return
        }
        // No result: the worker crashed or hung on its last announced case.
        let index = max(worker.lastCase, 0)
        totals[worker.property].cases += index + 1
        let options = RunOptions(seed: worker.seed)
        let scenario = try? property.generator.generate(ChoiceSource(seed: options.caseSeed(index), size: options.caseSize(index)))
        let kind: String
        let headline: String
        if worker.killedForHanging {
            kind = "hang"
            headline = "worker stopped answering for \(Int(plan.hangTimeout)) s on this case and was killed"
        } else if worker.process.terminationReason == .uncaughtSignal {
            kind = "crash"
            let number = worker.process.terminationStatus
            headline = "worker crashed with signal \(number) (\(signalName(number))) on this case"
        } else {
            kind = "crash"
            headline = "worker exited with status \(worker.process.terminationStatus) without a result"
        }
        let said = String(decoding: worker.errorText, as: UTF8.self)
            .split(separator: "\n").prefix(12).map(String.init)
        let failure = NightlyReport.Failure(
            kind: kind, property: property.name, seed: seedText, case: index, headline: headline, details: said,
            scenario: scenario, rows: [],
            replay: Catalog.replayCommand(property.name, seed: seedText, case: index))
        record(failure, property: property, note: headline)
    }

    /// At an interrupt, the case a worker was running is recorded (kind `interrupted`, never
    /// saved to Seeds): a worker silent for long is the likeliest reason the run was stopped.
    private func recordInFlight(_ worker: Worker) {
        pipes[worker.process.processIdentifier] = nil
        let property = plan.properties[worker.property]
        totals[worker.property].jobs += 1
        if let result = worker.result {
            totals[worker.property].cases += result.cases
            if let failure = result.failure { record(failure, property: property, note: failure.headline) }
            return
        }
        guard worker.lastCase >= 0 else { return }
        totals[worker.property].cases += worker.lastCase
        let seedText = SeedFormat.format(worker.seed)
        let options = RunOptions(seed: worker.seed)
        let scenario = try? property.generator.generate(
            ChoiceSource(seed: options.caseSeed(worker.lastCase), size: options.caseSize(worker.lastCase)))
        let silent = Int(worker.silenceAtInterrupt)
        let failure = NightlyReport.Failure(
            kind: "interrupted", property: property.name, seed: seedText, case: worker.lastCase,
            headline: "in flight when the run was interrupted, silent for \(silent) s "
                + "(the hang timeout is \(Int(plan.hangTimeout)) s)",
            details: [], scenario: scenario, rows: [],
            replay: Catalog.replayCommand(property.name, seed: seedText, case: worker.lastCase))
        record(failure, property: property, note: failure.headline)
    }

    /// Records a failure. A falsified case that shrinks to one already recorded for the same
    /// property is the same bug found again: it is counted once.
    private func record(_ failure: NightlyReport.Failure, property: Property<Scenario>, note: String) {
        if failure.kind == "falsified",
           failures.contains(where: { $0.kind == "falsified" && $0.property == failure.property && $0.scenario == failure.scenario }) {
            return
        }
        failures.append(failure)
        if let index = totals.firstIndex(where: { $0.name == property.name }) { totals[index].failures += 1 }
        guard failure.kind != "interrupted", let store = plan.store, let scenario = failure.scenario, let seed = SeedFormat.parse(failure.seed) else { return }
        let entry = SeedEntry(property: property.name, seed: seed, caseIndex: failure.case, date: CLI.today,
                              note: "\(failure.kind): \(note)", scenario: scenario)
        do {
            try store.save(entry)
        } catch {
            printError("rxcheck nightly: could not save \(property.name) to \(store.directory.path): \(error)")
        }
    }

    private func progress(deadline: Date) {
        let now = Date()
        let cases = totals.reduce(0) { $0 + $1.cases }
        let elapsed = max(now.timeIntervalSince(started), 0.001)
        let left = max(0, Int(deadline.timeIntervalSince(now)))
        let covered = totals.filter { $0.jobs > 0 }.count
        let line = "\(covered)/\(totals.count) properties run, \(cases) cases, \(Int(Double(cases) / elapsed)) cases/s, "
            + "\(failures.count) failures, \(left / 3600)h\(String(format: "%02d", left / 60 % 60))m\(String(format: "%02d", left % 60))s left"
        if CLI.isTerminal {
            guard now.timeIntervalSince(lastProgress) >= 0.25 else { return }
            FileHandle.standardOutput.write(Data(("\r\u{1B}[K" + line).utf8))
        } else {
            let interval = min(60, max(5, plan.duration / 10))
            guard now.timeIntervalSince(lastProgress) >= interval else { return }
            print(line)
        }
        lastProgress = now
    }
}

func signalName(_ number: Int32) -> String {
    switch number {
    case SIGILL: return "SIGILL"
    case SIGTRAP: return "SIGTRAP"
    case SIGABRT: return "SIGABRT"
    case SIGSEGV: return "SIGSEGV"
    case SIGBUS: return "SIGBUS"
    case SIGKILL: return "SIGKILL"
    case SIGFPE: return "SIGFPE"
    default: return "signal \(number)"
    }
}

/// What a worker reports when its job ends normally.
struct WorkerResult: Codable {
    var cases: Int
    var failure: NightlyReport.Failure?
}

enum WorkerCommand {
    /// `rxcheck worker PROPERTY --seed HEX --cases N`: runs one job for `nightly`, announcing
    /// each case on stdout before running it, so a crash can be pinned to its case.
    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, command: "worker", valued: ["--seed", "--cases"], bare: [])
        guard arguments.positionals.count == 1 else { throw UsageError("worker: name one property") }
        let property = try CLI.select(arguments.positionals, command: "worker")[0]
        guard let seed = try arguments.seed("--seed", command: "worker"),
              let cases = try arguments.caseCount("--cases", command: "worker") else {
            throw UsageError("worker: --seed and --cases are required")
        }
        let out = FileHandle.standardOutput
        var ran = 0
        for index in 0..<cases {
            out.write(Data("case \(index)\n".utf8))
            var options = RunOptions(seed: seed)
            options.onlyCase = index
            let report = Runner.run(property, options: options)
            ran += 1
            if let failure = report.failure {
                let seedText = SeedFormat.format(seed)
                let result = WorkerResult(cases: ran, failure: NightlyReport.Failure(
                    kind: "falsified", property: property.name, seed: seedText, case: index,
                    headline: failure.failure.headline, details: failure.failure.details, scenario: failure.shrunk,
                    rows: failure.failure.rows,
                    replay: Catalog.replayCommand(property.name, seed: seedText, case: index)))
                out.write(Data(("result " + String(decoding: try JSONEncoder().encode(result), as: UTF8.self) + "\n").utf8))
                return ExitStatus.failed
            }
        }
        out.write(Data(("result " + String(decoding: try JSONEncoder().encode(WorkerResult(cases: ran)), as: UTF8.self) + "\n").utf8))
        return ExitStatus.passed
    }
}

enum MergeCommand {
    static let help = """
    usage: rxcheck merge REPORT.json ... [--report out.json] [--junit j.xml] [--html r.html] [--dry-run]

    Joins the JSON reports of nightly shards into one: totals add up, every failure is kept.
    Prints the merged JSON when no output file is named. Exit status 1 when any shard found a
    failure, 2 when a report is missing or malformed. --dry-run checks the options and output
    paths and reads nothing.
    """

    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, command: "merge", valued: ["--report", "--junit", "--html"], bare: ["--dry-run", "--help", "-h"])
        if arguments.has("--help") || arguments.has("-h") { print(help); return ExitStatus.passed }
        guard !arguments.positionals.isEmpty else { throw UsageError("merge: name at least one report") }
        try NightlyCommand.checkOutputs(arguments, command: "merge")
        if arguments.has("--dry-run") {
            print("rxcheck merge (dry run): would join \(arguments.positionals.count) reports")
            return ExitStatus.passed
        }
        var reports: [NightlyReport] = []
        var read: [(path: String, data: Data)] = []
        for path in arguments.positionals {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw UsageError("merge: \(path): no such file") }
            guard !isDirectory.boolValue else { throw UsageError("merge: \(path): is a folder; name the shards' JSON reports") }
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("merge: \(path): cannot read the file") }
            // The same shard twice would count its cases and failures twice.
            if let earlier = read.first(where: { $0.data == data }) {
                throw UsageError("merge: \(path): the same report as \(earlier.path); name each shard once")
            }
            read.append((path, data))
            do {
                let report = try JSONDecoder().decode(NightlyReport.self, from: data)
                guard report.schema == "rxcheck-report/1" else {
                    throw UsageError("merge: \(path): unknown schema '\(report.schema)'")
                }
                reports.append(report)
            } catch let error as UsageError {
                throw error
            } catch {
                throw UsageError("merge: \(path): not an rxcheck report (\(describe(error)))")
            }
        }
        let merged = NightlyReport.merge(reports)
        if arguments.string("--report") == nil && arguments.string("--junit") == nil && arguments.string("--html") == nil {
            print(String(decoding: try merged.json(), as: UTF8.self))
        } else {
            let written = NightlyCommand.write(merged, arguments: arguments, command: "merge")
            print("merged \(reports.count) reports: \(merged.totalCases) cases, \(merged.failures.count) failures")
            if !written { return ExitStatus.usage }
        }
        return merged.failures.isEmpty ? ExitStatus.passed : ExitStatus.failed
    }

    /// A decoding error in a reader's words: where in the JSON, and what was wrong there.
    static func describe(_ error: Error) -> String {
        func place(_ path: [CodingKey]) -> String {
            path.isEmpty ? "the top level" : "'" + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "[") + "'"
        }
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(place(context.codingPath))"
        case DecodingError.keyNotFound(let key, let context):
            return "missing '\(key.stringValue)'" + (context.codingPath.isEmpty ? "" : " in \(place(context.codingPath))")
        case DecodingError.typeMismatch(let type, let context):
            let named = String(describing: type)
            let expected = named.hasPrefix("Dictionary") ? "an object" : named.hasPrefix("Array") ? "an array"
                : named == "String" ? "a string" : ["Int", "Double", "UInt64"].contains(named) ? "a number"
                : named == "Bool" ? "true or false" : named
            return "\(place(context.codingPath)) should be \(expected)"
        case DecodingError.valueNotFound(_, let context):
            return "missing value at \(place(context.codingPath))"
        default: return FilePaths.reason(error)
        }
    }
}
