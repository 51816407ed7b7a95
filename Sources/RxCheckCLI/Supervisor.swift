import Foundation
import RxCheck
import RxTestKit

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
                    finish(worker, interrupted: true)
                }
                workers = []
                break
            }
            let now = Date()
            // A worker that cannot start stops the run (as an interrupt would): trying again would
            // only spin.
            while now < deadline && workers.count < plan.jobs && receivedSignal == 0 {
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
        // A crashing worker should say why in a line, not spend time printing a backtrace.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // Starting a process can fail now and then with a transient error (EBADF seen from
        // Foundation's Process on Linux, about once in thousands of starts): try a few times,
        // each with a fresh process and pipes, before the run stops.
        var attempt = 0
        var started: (process: Process, output: Pipe, errors: Pipe)
        while true {
            let process = Process()
            process.executableURL = CLI.executable
            process.arguments = ["worker", plan.properties[property].name, "--seed", SeedFormat.format(seed),
                                 "--cases", String(plan.casesPerJob)] + (plan.guided ? ["--guided"] : [])
            process.environment = environment
            started = (process, Pipe(), Pipe())
            process.standardOutput = started.output
            process.standardError = started.errors
            process.standardInput = FileHandle.nullDevice
            do {
                try process.run()
                break
            } catch {
                attempt += 1
                guard attempt < 3 else {
                    printError("\(CLI.tool.name) nightly: cannot start a worker (\(CLI.executable.path)): \(error); stopping")
                    receivedSignal = SIGTERM
                    couldNotStartWorker = true
                    return
                }
                usleep(100_000)
            }
        }
        let (process, output, errors) = started
        let outFD = output.fileHandleForReading.fileDescriptor
        let errFD = errors.fileHandleForReading.fileDescriptor
        _ = fcntl(outFD, F_SETFL, fcntl(outFD, F_GETFL) | O_NONBLOCK)
        _ = fcntl(errFD, F_SETFL, fcntl(errFD, F_GETFL) | O_NONBLOCK)
        // Keep the pipes alive as long as the worker: their file handles own the descriptors.
        pipes[process.processIdentifier] = (output, errors)
        workers.append(Worker(process: process, output: outFD, errors: errFD, property: property, seed: seed))
    }

    private var pipes: [Int32: (Pipe, Pipe)] = [:]

    /// Set when a worker process could not be started: the run stopped there (exit status 2).
    private(set) var couldNotStartWorker = false

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

    /// Counts a worker's job and records what it found. Without a result the worker crashed,
    /// hung, or — with `interrupted` — was stopped by the run's interrupt on its last announced
    /// case, which is recorded as kind `interrupted` (never saved to Seeds): a worker silent for
    /// long is the likeliest reason the run was stopped.
    private func finish(_ worker: Worker, interrupted: Bool = false) {
        // Closed here, not left to the handles' release: the finished Process keeps its pipes
        // alive, and a long run would leak two descriptors a job until no worker could start.
        if let (output, errors) = pipes.removeValue(forKey: worker.process.processIdentifier) {
            try? output.fileHandleForReading.close()
            try? errors.fileHandleForReading.close()
        }
        let property = plan.properties[worker.property]
        let seedText = SeedFormat.format(worker.seed)
        totals[worker.property].jobs += 1
        if let result = worker.result {
            totals[worker.property].cases += result.cases
            if let failure = result.failure { record(failure, property: property, note: failure.headline) }
            return
        }
        if interrupted && worker.lastCase < 0 { return }
        let index = max(worker.lastCase, 0)
        // A crashed or hung case counts as run; one cut short by the interrupt does not.
        totals[worker.property].cases += interrupted ? index : index + 1
        let options = RunOptions(seed: worker.seed)
        let scenario = try? property.generator.generate(ChoiceSource(seed: options.caseSeed(index), size: options.caseSize(index)))
        let kind: String
        let headline: String
        if interrupted {
            kind = "interrupted"
            headline = "in flight when the run was interrupted, silent for \(Int(worker.silenceAtInterrupt)) s "
                + "(the hang timeout is \(Int(plan.hangTimeout)) s)"
        } else if worker.killedForHanging {
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
        let said = interrupted ? [] : String(decoding: worker.errorText, as: UTF8.self)
            .split(separator: "\n").prefix(12).map(String.init)
        let failure = NightlyReport.Failure(
            kind: kind, property: property.name, seed: seedText, case: index, headline: headline, details: said,
            scenario: scenario, rows: [],
            replay: CLI.replayCommand(property.name, seedText, index, guided: plan.guided))
        record(failure, property: property, note: headline)
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
            printError("\(CLI.tool.name) nightly: could not save \(property.name) to \(store.directory.path): \(error)")
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
