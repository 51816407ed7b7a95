// `rxcheck bench`: the command, the machine it reports, and the helpers every workload shares.
// The workloads themselves are in BenchThroughput (scheduler and property) and BenchShrinking
// (shrinking and memory); the targets they are held to are in BenchTargets.

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
                        (several separated by commas); also exhaustive, never run by
                        default: the scenarios in each operator's small scope for K = 1…E
                        and the smallest K at which each mutant is caught; and guided,
                        also never by default: per mutant, the median cases to the first
                        failure, blind against guided, from the same seeds (--seeds,
                        default 21 here)
      --events E        exhaustive: the largest K (default 3)
      --grid G          exhaustive: grid ticks (default 3)
      --mutant TEXT     shrinking, exhaustive, guided: only the mutants whose name contains TEXT
      --cases N         guided: the most cases one search may take (default 1000)
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
        let arguments = try Arguments(words, command: command, valued: ["--seeds", "--soak", "--only", "--mutant", "--workload", "--size", "--events", "--grid",
                                                                       "--cases"],
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
        for section in sections where !(all + ["exhaustive", "guided"]).contains(section) {
            throw UsageError("bench: --only takes scheduler, property, shrinking, challenge, memory, instructions, exhaustive or guided, got '\(section)'")
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
        if sections.contains("exhaustive") {
            let events = try arguments.positiveInt("--events", command: command) ?? 3
            let grid = try arguments.positiveInt("--grid", command: command) ?? 3
            guard events <= 6, grid <= 6 else { throw UsageError("bench: --events and --grid take at most 6") }
            results["exhaustive"] = ExhaustiveBench.run(mutants, events: events, grid: grid, print: !json)
        }
        if sections.contains("guided") {
            let cases = try arguments.positiveInt("--cases", command: command) ?? 1_000
            results["guided"] = GuidedBench.run(mutants, seeds: try arguments.positiveInt("--seeds", command: command) ?? 21,
                                                cases: cases, print: !json)
        }
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
