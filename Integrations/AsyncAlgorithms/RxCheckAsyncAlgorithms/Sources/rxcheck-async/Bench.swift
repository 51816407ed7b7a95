// `rxcheck-async bench`: cases per second of the standard two-source combineLatest case, run
// on swift-async-algorithms under the seeded executor, beside the same cases run on RxCheck's
// own core — both in this one process, so their ratio compares like with like.

import AsyncAlgorithms
import AsyncAlgorithmsModels
import AsyncAlgorithmsProperties
import Foundation
import RxCheck
import RxCheckAsync
import RxCheckCLI
import RxCore
import RxModels
import RxTestKit

enum Bench {
    static let usage = """
        usage: rxcheck-async bench [--quick] [--json]

        Cases per second of the standard case — 2 hot sources, 0–20 events each, subscribed at
        200, disposed at 1000 — against combineLatest's model: (a) on RxCheck's core
        (Observable.combineLatest and its model, as `rxcheck bench` measures it), (b) on
        swift-async-algorithms' combineLatest under the seeded executor (the consumer asking at
        once, the oldest job first). Fastest of 3 rounds each, taking turns. Release build only.

          --quick   5,000 cases instead of 50,000
          --json    one JSON object instead of the table
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        var status = ExitStatus.passed
        guard let options = BenchSupport.options(arguments, tool: "rxcheck-async", usage: usage, status: &status) else { return status }
        let count = options.quick ? 5_000 : 50_000
        let generator = ScenarioShape.standardCase.generator
        let scenarios = (0..<count).map { try! generator.generate(ChoiceSource(seed: UInt64($0), size: 100)) }
        let events = scenarios.reduce(0) { $0 + $1.eventCount }
        let coreBuild: ScenarioBuild<Int> = { Observable.combineLatest($0.sources[0], $0.sources[1]) { $0 &+ $1 } }
        let subject = AsyncOperator { AsyncOutput(combineLatest($0.sources[0], $0.sources[1])) }
        let model = AsyncModel.interleaving { _ in AsyncAlgorithmsModels.CombineLatestModel(sources: 2) }
        var (core, async) = (Double.infinity, Double.infinity)
        var (coreFailures, asyncFailures, jobs, decisions) = (0, 0, 0, 0)
        for _ in 0..<3 {
            core = min(core, BenchSupport.seconds {
                coreFailures = scenarios.filter {
                    ScenarioCheck.matchesModel($0, build: coreBuild, model: { RxModels.CombineLatestModel.outcome($0) { $0[0] &+ $0[1] } }).isFailure
                }.count
            })
            async = min(async, BenchSupport.seconds {
                asyncFailures = scenarios.filter { AsyncCheck.matchesModel($0, subject, model: model).isFailure }.count
            })
        }
        for scenario in scenarios.prefix(1_000) {
            let run = subject.run(scenario)
            jobs += run.jobs
            decisions += run.decisions.count
        }
        let sample = Double(min(count, 1_000))
        let result: [String: Any] = [
            "cases": count, "mean_events_per_case": Double(events) / Double(count),
            "core_cases_per_second": Double(count) / core, "async_cases_per_second": Double(count) / async,
            "async_over_core_time": async / core, "async_target_cases_per_second": 20_000,
            "mean_jobs_per_case": Double(jobs) / sample, "mean_decisions_per_case": Double(decisions) / sample,
            "failures": coreFailures + asyncFailures,
        ]
        if options.json {
            print(try BenchSupport.json(result))
        } else {
            print("combineLatest, the standard case: \(count) cases, \(String(format: "%.1f", Double(events) / Double(count))) events each (fastest of 3 rounds)")
            print("  (a) RxCheck's core             \(String(format: "%10.0f", Double(count) / core)) cases/s")
            print("  (b) swift-async-algorithms     \(String(format: "%10.0f", Double(count) / async)) cases/s   target ≥ 20,000 — "
                  + (Double(count) / async >= 20_000 ? "met" : "not met"))
            print("  (b)/(a) time                   \(String(format: "%10.1f", async / core))×")
            print("  per async case: \(String(format: "%.1f", Double(jobs) / sample)) jobs, "
                  + "\(String(format: "%.1f", Double(decisions) / sample)) schedule decisions (failures: \(coreFailures + asyncFailures))")
        }
        return coreFailures + asyncFailures == 0 ? ExitStatus.passed : ExitStatus.failed
    }
}
