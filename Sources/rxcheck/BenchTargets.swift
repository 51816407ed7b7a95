import Foundation
import RxCheck
import RxCheckCLI
import RxCore
import RxModels
import RxTestKit

/// One figure of `rxcheck bench` beside its target.
struct BenchTarget {
    /// What is measured, in words.
    let figure: String
    /// The measured value; nil when it could not be measured in this run.
    let value: Double?
    /// The bound, and which side of it is good.
    let target: Double
    let atMost: Bool
    /// How the value prints (`%.0f`, `%.1f ms`…).
    let unit: String

    var met: Bool? { value.map { atMost ? $0 <= target : $0 >= target } }

    var json: [String: Any] {
        ["figure": figure, "value": value.map { $0 as Any } ?? NSNull(), "target": target,
         "comparison": atMost ? "at most" : "at least", "unit": unit,
         "met": met.map { $0 as Any } ?? NSNull()]
    }

    /// Every target of the performance plan, read from the sections this run measured.
    static func all(_ results: [String: Any]) -> [BenchTarget] {
        var targets: [BenchTarget] = []
        let scheduler = results["scheduler"] as? [[String: Any]]
        for name in SchedulerBench.operators.map(\.0) {
            let largest = scheduler?.filter { $0["operator"] as? String == name && $0["n"] != nil }
                .max { ($0["n"] as! Int) < ($1["n"] as! Int) }
            let label = largest.map { "\(grouped(Double($0["n"] as! Int))) per source" } ?? "not run"
            targets.append(BenchTarget(figure: "scheduler \(name), input events/s (\(label))",
                                       value: largest?["events_per_second"] as? Double, target: 5_000_000, atMost: false, unit: "events/s"))
        }
        let instructions = results["instructions"] as? [String: Any]
        targets.append(BenchTarget(figure: "scheduler combineLatest, instructions per input event (10⁴ per source)",
                                   value: instructions?["instructions_per_event"] as? Double, target: 1_000, atMost: true, unit: "instructions"))
        // Resident memory moves in pages: only the largest run's growth says much per event.
        let largestN = scheduler?.compactMap { $0["n"] as? Int }.max()
        let queued = scheduler?.filter { $0["n"] as? Int == largestN }.compactMap { $0["bytes_per_queued_event"] as? Double }.max()
        targets.append(BenchTarget(figure: "scheduler, bytes per queued event (largest N, worst operator)", value: queued,
                                   target: 60, atMost: true, unit: "bytes"))
        let property = results["property"] as? [String: Any]
        targets.append(BenchTarget(figure: "property, full cases/s", value: property?["full_cases_per_second"] as? Double,
                                   target: 150_000, atMost: false, unit: "cases/s"))
        targets.append(BenchTarget(figure: "property, generation alone cases/s", value: property?["generation_cases_per_second"] as? Double,
                                   target: 500_000, atMost: false, unit: "cases/s"))
        targets.append(BenchTarget(figure: "property, model alone cases/s", value: property?["model_cases_per_second"] as? Double,
                                   target: 500_000, atMost: false, unit: "cases/s"))
        targets.append(BenchTarget(figure: "property, full ÷ model", value: property?["overhead_full_over_model"] as? Double,
                                   target: 3, atMost: true, unit: "×"))
        let shrinking = results["shrinking"] as? [[String: Any]]
        func worst(_ key: String) -> Double? { shrinking.flatMap { rows in rows.compactMap { ($0[key] as? Double) ?? ($0[key] as? Int).map(Double.init) }.max() } }
        func missing(_ key: String, _ bound: Double) -> String {
            guard let shrinking else { return "" }
            let over = shrinking.filter { (($0[key] as? Double) ?? ($0[key] as? Int).map(Double.init) ?? 0) > bound }.count
            return " — over for \(over) of \(shrinking.count) mutants"
        }
        // The plan's figures are over 1,000 seeds; a run over fewer (`--quick`: 50) says so.
        let seeds = shrinking == nil ? "not run" : (results["seeds"] as? Int).map { "\(grouped(Double($0))) seeds" } ?? "seeds unknown"
        targets.append(BenchTarget(figure: "shrinking (\(seeds)), mean calls of the worst mutant" + missing("mean_calls", 150),
                                   value: worst("mean_calls"), target: 150, atMost: true, unit: "calls"))
        targets.append(BenchTarget(figure: "shrinking (\(seeds)), median ms of the slowest mutant" + missing("median_shrink_ms", 5),
                                   value: worst("median_shrink_ms"), target: 5, atMost: true, unit: "ms"))
        targets.append(BenchTarget(figure: "shrinking (\(seeds)), final forms of the worst mutant" + missing("distinct_forms", 1),
                                   value: worst("distinct_forms"), target: 1, atMost: true, unit: "forms"))
        return targets
    }

    /// The table printed at the end of a bench run.
    static func print(_ targets: [BenchTarget]) {
        let measured = targets.filter { $0.value != nil }
        Swift.print("7. Targets" + (measured.count < targets.count ? " (\(targets.count - measured.count) not measured in this run)" : ""))
        for target in measured {
            let value = target.value.map { $0 >= 1_000 ? grouped($0) : format($0, $0 < 10 ? 2 : 1) } ?? "not measured"
            let verdict = target.met.map { $0 ? "met" : "MISSED" } ?? "-"
            Swift.print("   " + target.figure.padding(toLength: 84, withPad: " ", startingAt: 0) + value.leftPad(14)
                        + "  " + (target.atMost ? "≤ " : "≥ ") + grouped(target.target) + " " + target.unit + "  " + verdict)
        }
    }
}

/// Instruction counts under valgrind's cachegrind: repeatable where wall-clock time is not.
/// Each workload runs at two sizes and the difference is divided out, so start-up and set-up
/// cost nothing in the figure.
enum InstructionBench {
    /// The fixed workloads `rxcheck bench --workload` runs, for valgrind to count.
    static func workload(_ name: String, size: Int) throws {
        switch name {
        case "scheduler":
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable((0..<size).map { Recorded.next(201 + 2 * $0, $0) })
            let ys = scheduler.createHotObservable((0..<size).map { Recorded.next(202 + 2 * $0, $0) })
            let observer = scheduler.start(created: 100, subscribed: 200, disposed: 210 + 2 * size) {
                Observable.combineLatest(xs, ys) { $0 &+ $1 }
            }
            precondition(observer.events.count == 2 * size - 1)
        case "property":
            let generator = PropertyBench.shape.generator
            let build: ScenarioBuild<Int> = { Observable.combineLatest($0.sources[0], $0.sources[1]) { $0 &+ $1 } }
            for index in 0..<size {
                let scenario = try generator.generate(ChoiceSource(seed: UInt64(index), size: 100))
                precondition(!ScenarioCheck.matchesModel(scenario, build: build,
                                                         model: { CombineLatestModel.outcome($0) { $0[0] &+ $0[1] } }).isFailure)
            }
        case "generation", "model":
            // "model" draws the same cases and runs the model on each: less "generation", the
            // model alone.
            let generator = PropertyBench.shape.generator
            var events = 0
            for index in 0..<size {
                let scenario = try generator.generate(ChoiceSource(seed: UInt64(index), size: 100))
                events &+= scenario.sources[0].events.count
                if name == "model" { events &+= CombineLatestModel.outcome(scenario) { $0[0] &+ $0[1] }.events.count }
            }
            precondition(events >= 0)
        default:
            throw UsageError("bench: --workload takes scheduler, property, generation or model, got '\(name)'")
        }
    }

    /// Runs both workloads under valgrind; empty when valgrind is not installed.
    static func run(print shouldPrint: Bool) -> [String: Any] {
        guard let valgrind = which("valgrind") else {
            if shouldPrint { Swift.print("6. Instructions — valgrind not found: not measured\n") }
            return ["measured": false]
        }
        let perEvent = difference(valgrind, "scheduler", 10_000, 20_000).map { $0 / (2 * 10_000) }
        let perCase = difference(valgrind, "property", 1_000, 2_000).map { $0 / 1_000 }
        let perGeneratedCase = difference(valgrind, "generation", 1_000, 2_000).map { $0 / 1_000 }
        let perModelledCase = difference(valgrind, "model", 1_000, 2_000).map { $0 / 1_000 }
        let perModel = perModelledCase.flatMap { modelled in perGeneratedCase.map { modelled - $0 } }
        if shouldPrint {
            Swift.print("6. Instructions (valgrind --tool=cachegrind; each workload at two sizes, difference divided out)")
            Swift.print("   combineLatest on the virtual scheduler, 10⁴ events per source: "
                        + (perEvent.map { format($0, 0) } ?? "failed") + " instructions per input event")
            Swift.print("   combineLatest property, 1,000 cases of the standard mix:     "
                        + (perCase.map { format($0, 0) } ?? "failed") + " instructions per case")
            Swift.print("   its generation alone, the same 1,000 cases:                  "
                        + (perGeneratedCase.map { format($0, 0) } ?? "failed") + " instructions per case")
            Swift.print("   its model alone, the same 1,000 cases:                       "
                        + (perModel.map { format($0, 0) } ?? "failed") + " instructions per case\n")
        }
        var result: [String: Any] = ["measured": true]
        result["instructions_per_event"] = perEvent
        result["instructions_per_case"] = perCase
        result["instructions_per_generated_case"] = perGeneratedCase
        result["instructions_per_modelled_case"] = perModel
        return result
    }

    /// Instructions of the workload at `large` minus at `small`.
    private static func difference(_ valgrind: String, _ workload: String, _ small: Int, _ large: Int) -> Double? {
        guard let a = count(valgrind, workload, small), let b = count(valgrind, workload, large) else { return nil }
        return Double(b - a)
    }

    private static func count(_ valgrind: String, _ workload: String, _ size: Int) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                             CLI.executable.path, "bench", "--workload", workload, "--size", String(size)]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        // "==123== I   refs:      1,234,567"
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.contains("I") && line.contains("refs:") {
            let digits = line.split(separator: ":").last?.filter(\.isNumber) ?? ""
            if let value = Int(digits) { return value }
        }
        return nil
    }

    private static func which(_ tool: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
