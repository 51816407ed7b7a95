// `rxcheck-opencombine bench`: cases per second of the standard two-source case run on
// OpenCombine's zip, beside the same cases run on RxCheck's own core's combineLatest — both in
// this one process, so their ratio compares like with like.

import Foundation
import OpenCombineModels
import OpenCombineProperties
import RxCheck
import RxCheckCLI
import RxCheckOpenCombine
import RxCore
import RxModels
import RxTestKit

enum Bench {
    static let usage = """
        usage: rxcheck-opencombine bench [--quick] [--json]

        Cases per second of the standard case — 2 hot sources, 0–20 events each, subscribed at
        200, disposed at 1000, unlimited demand — against the model: (a) RxCheck's core
        combineLatest (as `rxcheck bench` measures it), (b) OpenCombine's zip, the catalog's
        two-source operator (OpenCombine has no combineLatest). Fastest of 3 rounds each, taking
        turns. Release build only.

          --quick   5,000 cases instead of 50,000
          --json    one JSON object instead of the table
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        var status = ExitStatus.passed
        guard let options = BenchSupport.options(arguments, tool: "rxcheck-opencombine", usage: usage, status: &status) else { return status }
        let count = options.quick ? 5_000 : 50_000
        let generator = ScenarioShape.standardCase.generator
        // Unlimited demand: the demand script's parameters, all 0, ahead of the scenario's.
        let scenarios = (0..<count).map { index -> Scenario in
            var scenario = try! generator.generate(ChoiceSource(seed: UInt64(index), size: 100))
            scenario.parameters = Array(repeating: 0, count: DemandScript.parameterCount) + scenario.parameters
            return scenario
        }
        let events = scenarios.reduce(0) { $0 + $1.eventCount }
        let coreBuild: ScenarioBuild<Int> = { Observable.combineLatest($0.sources[0], $0.sources[1]) { $0 &+ $1 } }
        let zip = OpenCombineCatalog.spec("zip")!
        var (core, combine) = (Double.infinity, Double.infinity)
        var failures = 0
        for _ in 0..<3 {
            core = min(core, BenchSupport.seconds {
                failures = scenarios.filter {
                    ScenarioCheck.matchesModel($0, build: coreBuild, model: { RxModels.CombineLatestModel.outcome($0) { $0[0] &+ $0[1] } }).isFailure
                }.count
            })
            combine = min(combine, BenchSupport.seconds {
                failures += scenarios.filter { CombineCheck.matchesModel($0, build: zip.build, model: zip.model!).isFailure }.count
            })
        }
        let result: [String: Any] = [
            "cases": count, "mean_events_per_case": Double(events) / Double(count),
            "core_cases_per_second": Double(count) / core, "opencombine_cases_per_second": Double(count) / combine,
            "opencombine_over_core_time": combine / core, "failures": failures,
        ]
        if options.json {
            print(try BenchSupport.json(result))
        } else {
            print("The standard two-source case: \(count) cases, \(String(format: "%.1f", Double(events) / Double(count))) events each (fastest of 3 rounds)")
            print("  (a) RxCheck's core, combineLatest   \(String(format: "%10.0f", Double(count) / core)) cases/s")
            print("  (b) OpenCombine, zip                \(String(format: "%10.0f", Double(count) / combine)) cases/s")
            print("  (b)/(a) time                        \(String(format: "%10.1f", combine / core))×   (failures: \(failures))")
        }
        return failures == 0 ? ExitStatus.passed : ExitStatus.failed
    }
}
