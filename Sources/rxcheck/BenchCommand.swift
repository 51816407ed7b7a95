import Foundation
import RxCheck
import RxCheckCLI
import RxCheckMutants
import RxCheckProperties
import RxCore
import RxModels
import RxTestKit

enum BenchCommand {
    static let help = """
    usage: rxcheck bench [--quick] [--json] [--seeds N] [--soak SECONDS] [--only SECTION ...]

    Measures, in one run: the virtual-time scheduler (events/s, ns/event, bytes per queued
    event, growth exponent), property throughput (generation, model, full property), shrinking
    of every mutant over N seeds, the public shrinking challenge, memory (peak RSS of a
    10⁶-event run; RSS before and after a soak of catalog runs) and, when valgrind is
    installed, instructions per input event and per property case — then every figure beside
    its target, met or missed. Build in release: 'swift run -c release rxcheck bench'.

      --quick           smaller sizes and 50 seeds: under a minute
      --json            one JSON object instead of tables
      --seeds N         seeds per mutant and per challenge (default 1000; quick 50)
      --soak SECONDS    length of the memory soak (default 60; quick 5)
      --only SECTION    scheduler, property, shrinking, challenge, memory or instructions
                        (several separated by commas)
      --mutant TEXT     shrinking: only the mutants whose name contains TEXT
      --forms           shrinking: also print each mutant's final forms, when it has
                        several: how many seeds ended at each, the first of them and
                        the form's choices
      --workload NAME --size N
                        run one fixed workload (scheduler: N events per source; property,
                        generation or model: N cases) and nothing else — what the
                        instructions section counts
    """

    static func run(_ words: [String]) throws -> Int32 {
        let command = "bench"
        let arguments = try Arguments(words, command: command, valued: ["--seeds", "--soak", "--only", "--mutant", "--workload", "--size"],
                                      bare: ["--quick", "--json", "--forms", "--help", "-h"])
        if arguments.has("--help") || arguments.has("-h") { print(help); return ExitStatus.passed }
        if let extra = arguments.positionals.first { throw UsageError("bench: unexpected argument '\(extra)'") }
        if let workload = arguments.string("--workload") {
            guard let size = try arguments.positiveInt("--size", command: command) else {
                throw UsageError("bench: --workload needs --size N")
            }
            try InstructionBench.workload(workload, size: size)
            return ExitStatus.passed
        }
        let quick = arguments.has("--quick")
        let seeds = try arguments.positiveInt("--seeds", command: command) ?? (quick ? 50 : 1_000)
        let soak = Double(try arguments.positiveInt("--soak", command: command) ?? (quick ? 5 : 60))
        let all = ["scheduler", "property", "shrinking", "challenge", "memory", "instructions"]
        let sections = Set((arguments.string("--only") ?? all.joined(separator: ",")).split(separator: ",").map(String.init))
        for section in sections where !all.contains(section) {
            throw UsageError("bench: --only takes scheduler, property, shrinking, challenge, memory or instructions, got '\(section)'")
        }
        let mutants = Mutant.all.filter { mutant in arguments.string("--mutant").map(mutant.name.contains) ?? true }
        if mutants.isEmpty, let text = arguments.string("--mutant") {
            throw UsageError("bench: --mutant '\(text)' names no mutant")
        }
        let json = arguments.has("--json")
        var results: [String: Any] = ["quick": quick, "seeds": seeds]
        #if DEBUG
        if !json { print("warning: a debug build; run 'swift run -c release rxcheck bench' for real figures\n") }
        results["build"] = "debug"
        #else
        results["build"] = "release"
        #endif
        results["machine"] = Machine.describe()
        if !json { print("machine: \(Machine.describe())\n") }
        if sections.contains("scheduler") { results["scheduler"] = SchedulerBench.run(quick: quick, print: !json) }
        if sections.contains("property") { results["property"] = PropertyBench.run(quick: quick, print: !json) }
        if sections.contains("shrinking") { results["shrinking"] = ShrinkBench.mutants(mutants, seeds: seeds, print: !json,
                                                                                         forms: arguments.has("--forms")) }
        if sections.contains("challenge") { results["challenge"] = ShrinkBench.challenges(seeds: seeds, print: !json) }
        if sections.contains("memory") { results["memory"] = MemoryBench.run(quick: quick, soak: soak, print: !json) }
        if sections.contains("instructions") { results["instructions"] = InstructionBench.run(print: !json) }
        let targets = BenchTarget.all(results)
        results["targets"] = targets.map(\.json)
        if !json { BenchTarget.print(targets) }
        if json {
            let data = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        }
        return ExitStatus.passed
    }
}

/// Process and machine facts from /proc.
enum Machine {
    static func describe() -> String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        let memory = ProcessInfo.processInfo.physicalMemory / (1 << 30)
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB"
    }

    /// `VmRSS` / `VmHWM` in bytes.
    static func status(_ key: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1_024
    }

    static var rss: Int { status("VmRSS") }
    static var peak: Int { status("VmHWM") }

    /// Resets the peak-RSS mark (Linux `clear_refs`).
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    static func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func format(_ value: Double, _ digits: Int = 0) -> String { String(format: "%.\(digits)f", value) }

func grouped(_ value: Double) -> String {
    let text = String(Int(value.rounded()))
    var result = ""
    for (index, character) in text.reversed().enumerated() {
        if index > 0 && index % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return String(result.reversed())
}

/// Least-squares slope of log(time) against log(n): the growth exponent.
func growthExponent(_ points: [(n: Double, seconds: Double)]) -> Double {
    let xs = points.map { log($0.n) }, ys = points.map { log(max($0.seconds, 1e-9)) }
    let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
    let num = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
    let den = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
    return den == 0 ? 0 : num / den
}

enum SchedulerBench {
    static var operators: [(String, (Observable<Int>, Observable<Int>) -> Observable<Int>)] { [
        ("combineLatest", { Observable.combineLatest($0, $1) { $0 + $1 } }),
        ("withLatestFrom", { $0.withLatestFrom($1) }),
        ("zip", { Observable.zip($0, $1) { $0 + $1 } }),
        ("merge", { Observable.merge($0, $1) }),
    ] }

    static func run(quick: Bool, print shouldPrint: Bool) -> [[String: Any]] {
        let sizes = quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000]
        var rows: [[String: Any]] = []
        if shouldPrint {
            print("1. Scheduler throughput — two hot sources, N events each at interleaved ticks, recorded by start")
            print("   operator         N          events/s      ns/event  bytes/queued event  peak RSS")
        }
        for (name, build) in operators {
            var points: [(n: Double, seconds: Double)] = []
            for n in sizes {
                let a = (0..<n).map { Recorded.next(201 + 2 * $0, $0) }
                let b = (0..<n).map { Recorded.next(202 + 2 * $0, $0) }
                Machine.resetPeak()
                let before = Machine.rss
                var queued = 0
                var recorded = 0
                let elapsed = seconds {
                    let scheduler = TestScheduler(initialClock: 0)
                    let xs = scheduler.createHotObservable(a)
                    let ys = scheduler.createHotObservable(b)
                    queued = Machine.rss - before
                    let observer = scheduler.start(created: 100, subscribed: 200, disposed: 210 + 2 * n) {
                        build(xs.asObservable(), ys.asObservable())
                    }
                    recorded = observer.events.count
                }
                let events = Double(2 * n)
                points.append((Double(n), elapsed))
                let row: [String: Any] = [
                    "operator": name, "n": n, "events_per_second": events / elapsed, "ns_per_event": elapsed / events * 1e9,
                    "bytes_per_queued_event": Double(max(queued, 0)) / events, "peak_rss_bytes": Machine.peak,
                    "outputs": recorded,
                ]
                rows.append(row)
                if shouldPrint {
                    print("   " + name.padding(toLength: 15, withPad: " ", startingAt: 0)
                          + String(n).leftPad(9) + grouped(events / elapsed).leftPad(16)
                          + format(elapsed / events * 1e9, 1).leftPad(12)
                          + format(Double(max(queued, 0)) / events, 1).leftPad(18) + Machine.mib(Machine.peak).leftPad(12))
                }
            }
            let exponent = growthExponent(points)
            rows.append(["operator": name, "growth_exponent": exponent])
            if shouldPrint { print("   " + name.padding(toLength: 15, withPad: " ", startingAt: 0) + "   growth exponent \(format(exponent, 2)) (1.00 = linear)") }
        }
        if shouldPrint { print("") }
        return rows
    }
}

enum PropertyBench {
    /// The standard case mix: 2 hot sources, 0–20 events each at ticks 201…1000 (same-tick
    /// events allowed), optional completion or error, subscribe 200, dispose 1000.
    static var shape: ScenarioShape {
        var shape = ScenarioShape.hot(2)
        shape.tickStep = 1
        shape.maxGap = 60
        shape.sameTickPercent = 10
        shape.earlyDisposePercent = 0
        return shape
    }

    /// Rounds of each measurement; the fastest is reported (on a shared machine a slower round
    /// measures the other load, not the code).
    /// A debug build's figures mean nothing (it says so): one round there.
    #if DEBUG
    static let rounds = 1
    #else
    static let rounds = 5
    #endif

    static func run(quick: Bool, print shouldPrint: Bool) -> [String: Any] {
        let count = quick ? 20_000 : 200_000
        let generator = shape.generator
        var sink = 0
        let build: ScenarioBuild<Int> = { Observable.combineLatest($0.sources[0], $0.sources[1]) { $0 &+ $1 } }
        var (generation, model, full) = (Double.infinity, Double.infinity, Double.infinity)
        var (events, failures) = (0, 0)
        // The three timings take turns, round after round, and each keeps its fastest: a slow
        // spell of a shared machine slows one round of each, not every round of one, so the
        // ratio compares like with like.
        for _ in 0..<rounds {
            // As the runner does: each case is dropped once drawn (keeping them all would time
            // the memory they take, not the drawing).
            generation = min(generation, seconds {
                for index in 0..<count {
                    sink &+= try! generator.generate(ChoiceSource(seed: UInt64(index), size: 100)).sources.count
                }
            })
            var scenarios = (0..<count).map { try! generator.generate(ChoiceSource(seed: UInt64($0), size: 100)) }
            events = scenarios.reduce(0) { $0 + $1.eventCount }
            model = min(model, seconds {
                for scenario in scenarios { sink &+= CombineLatestModel.outcome(scenario) { $0[0] &+ $0[1] }.events.count }
            })
            scenarios = []   // the full property draws its own, as the runner does
            full = min(full, seconds {
                failures = 0
                for index in 0..<count {
                    let scenario = try! generator.generate(ChoiceSource(seed: UInt64(index), size: 100))
                    if ScenarioCheck.matchesModel(scenario, build: build, model: { CombineLatestModel.outcome($0) { $0[0] &+ $0[1] } }).isFailure {
                        failures += 1
                    }
                }
            })
        }
        let result: [String: Any] = [
            "cases": count, "mean_events_per_case": Double(events) / Double(count),
            "generation_cases_per_second": Double(count) / generation, "model_cases_per_second": Double(count) / model,
            "full_cases_per_second": Double(count) / full, "overhead_full_over_model": full / model, "failures": failures,
            "rounds": rounds,
        ]
        if shouldPrint {
            print("2. Property throughput — combineLatest against its model, \(grouped(Double(count))) cases, "
                  + "\(format(Double(events) / Double(count), 1)) events per case (fastest of \(rounds) rounds)")
            print("   (a) generation only      \(grouped(Double(count) / generation).leftPad(12)) cases/s")
            print("   (b) model only           \(grouped(Double(count) / model).leftPad(12)) cases/s")
            print("   (c) full property        \(grouped(Double(count) / full).leftPad(12)) cases/s")
            print("   (c)/(b) overhead         \(format(full / model, 1).leftPad(12))×   (failures: \(failures))\n")
        }
        _ = sink
        return result
    }
}

enum ShrinkBench {
    /// For each mutant, the property that catches it at the default seed is run over `seeds`
    /// seeds (mutants spread over the cores: runs share no state).
    static func mutants(_ mutants: [Mutant], seeds: Int, print shouldPrint: Bool, forms printForms: Bool = false) -> [[String: Any]] {
        if shouldPrint {
            print("3. Shrinking — \(mutants.count == Mutant.all.count ? "every mutant" : "\(mutants.count) of \(Mutant.all.count) mutants") over \(seeds) seeds (200 cases each, with the property that catches it)")
            print("   mutant                                                           found  forms  mean calls  max calls  median ms")
        }
        let results = ResultSlots<[String: Any]>(count: mutants.count)
        DispatchQueue.concurrentPerform(iterations: mutants.count) { index in
            results.set(index, measure(mutants[index], seeds: seeds))
        }
        let rows = results.values
        if shouldPrint {
            for row in rows {
                print("   " + (row["mutant"] as! String).padding(toLength: 63, withPad: " ", startingAt: 0)
                      + (format(100 * (row["found_share"] as! Double)) + "%").leftPad(7)
                      + String(row["distinct_forms"] as! Int).leftPad(7) + format(row["mean_calls"] as! Double, 1).leftPad(12)
                      + String(row["max_calls"] as! Int).leftPad(11) + format(row["median_shrink_ms"] as! Double, 2).leftPad(11))
                guard printForms, let forms = row["forms"] as? [[String: Any]], forms.count > 1 else { continue }
                for form in forms {
                    let count = form["seeds"] as! Int
                    print("      \(count) \(count == 1 ? "seed" : "seeds") (the first \(form["first_seed"] as! Int)):")
                    for line in (form["text"] as! String).split(separator: "\n") { print("        " + line) }
                }
            }
            print("")
        }
        return rows
    }

    private static func measure(_ mutant: Mutant, seeds: Int) -> [String: Any] {
        let properties = Catalog.spec(mutant.spec)?.with(build: mutant.build).standardProperties ?? []
        let catching = properties.first { Runner.run($0).failure != nil }
        var found = 0
        var forms: [Scenario: (text: String, seeds: Int, first: Int)] = [:]
        var calls: [Int] = []
        var times: [Double] = []
        if let catching {
            for seed in 1...seeds {
                if let failure = Runner.run(catching, options: RunOptions(cases: 200, seed: UInt64(seed))).failure {
                    found += 1
                    if forms[failure.shrunk] == nil {
                        let entry = SeedEntry(property: catching.name, seed: UInt64(seed), caseIndex: 0, date: "", note: "",
                                              scenario: failure.shrunk)
                        // The case alone, without the entry's header (property, seed, date, note).
                        let text = entry.text().split(separator: "\n").filter {
                            !($0.hasPrefix("== ") || $0.hasPrefix("date:") || $0.hasPrefix("note:"))
                        }.joined(separator: "\n")
                        // The choices too: the shrinker's order is theirs (shortlex), so they say
                        // which of several forms is the smallest.
                        let choices = "choices: " + failure.shrunkChoices.map(String.init).joined(separator: " ")
                        forms[failure.shrunk] = (text + "\n" + choices, 0, seed)
                    }
                    forms[failure.shrunk]!.seeds += 1
                    calls.append(failure.shrinkCalls)
                    times.append(failure.shrinkSeconds)
                }
            }
        }
        times.sort()
        let median = times.isEmpty ? 0 : times[times.count / 2] * 1_000
        let mean = calls.isEmpty ? 0 : Double(calls.reduce(0, +)) / Double(calls.count)
        return ["mutant": mutant.name, "property": catching?.name ?? "", "found_share": Double(found) / Double(seeds),
                "distinct_forms": forms.count,
                // Most seeds first, then by text: the same order in any process.
                "forms": forms.values.sorted { ($0.seeds, $1.text) > ($1.seeds, $0.text) }.map { ["seeds": $0.seeds, "text": $0.text, "first_seed": $0.first] },
                "mean_calls": mean, "max_calls": calls.max() ?? 0, "median_shrink_ms": median]
    }

    static func challenges(seeds: Int, print shouldPrint: Bool) -> [[String: Any]] {
        if shouldPrint {
            print("4. The shrinking challenge — \(seeds) seeds each")
            print("   problem            found  forms  mean calls  most common final form (expected)")
        }
        var rows: [[String: Any]] = []
        for challenge in ShrinkChallenge.all {
            var forms: [String: Int] = [:]
            var calls: [Int] = []
            for seed in 1...seeds {
                guard let (form, used) = challenge.run(UInt64(seed)) else { continue }
                forms[form, default: 0] += 1
                calls.append(used)
            }
            let top = forms.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.first
            let mean = calls.isEmpty ? 0 : Double(calls.reduce(0, +)) / Double(calls.count)
            rows.append(["problem": challenge.name, "found": calls.count, "distinct_forms": forms.count, "mean_calls": mean,
                         "top_form": top?.key ?? "", "top_form_count": top?.value ?? 0, "expected": challenge.expected])
            if shouldPrint {
                print("   " + challenge.name.padding(toLength: 17, withPad: " ", startingAt: 0)
                      + String(calls.count).leftPad(7) + String(forms.count).leftPad(7) + format(mean, 1).leftPad(12)
                      + "  " + String((top?.key ?? "-").prefix(44)) + " ×\(top?.value ?? 0) (\(challenge.expected))")
            }
        }
        if shouldPrint { print("") }
        return rows
    }
}

enum MemoryBench {
    static func run(quick: Bool, soak: Double, print shouldPrint: Bool) -> [String: Any] {
        let n = quick ? 100_000 : 1_000_000
        Machine.resetPeak()
        let base = Machine.rss
        _ = seconds {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable((0..<n).map { Recorded.next(201 + 2 * $0, $0) })
            let ys = scheduler.createHotObservable((0..<n).map { Recorded.next(202 + 2 * $0, $0) })
            _ = scheduler.start(created: 100, subscribed: 200, disposed: 210 + 2 * n) {
                Observable.combineLatest(xs, ys) { $0 + $1 }
            }
        }
        let peak = Machine.peak
        // The soak: what a nightly worker does, in process, for `soak` seconds.
        let properties = Catalog.all
        let started = Date()
        var round = 0
        var samples: [Int] = []
        var cases = 0
        while Date().timeIntervalSince(started) < soak {
            for property in properties {
                cases += Runner.run(property, options: RunOptions(cases: 50, seed: UInt64(round))).casesRun
            }
            round += 1
            samples.append(Machine.rss)
        }
        let first = samples.first ?? Machine.rss
        let last = samples.last ?? Machine.rss
        let result: [String: Any] = [
            "events": 2 * n, "peak_rss_bytes": peak, "baseline_rss_bytes": base, "soak_seconds": soak, "soak_cases": cases,
            "soak_rss_first_round_bytes": first, "soak_rss_last_round_bytes": last, "soak_rounds": samples.count,
        ]
        if shouldPrint {
            print("5. Memory")
            print("   peak RSS of a \(grouped(Double(2 * n)))-event combineLatest run: \(Machine.mib(peak)) (process baseline \(Machine.mib(base)))")
            print("   soak (\(format(soak))s, \(grouped(Double(cases))) cases, \(samples.count) rounds of the catalog): "
                  + "RSS after round 1 \(Machine.mib(first)), after the last \(Machine.mib(last))")
        }
        return result
    }
}

extension String {
    func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// Results written by index from concurrent work, read once it has all finished.
final class ResultSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
