// Throughput workloads: events per second on the virtual scheduler, and cases per second of a
// full property, of drawing alone and of the model alone.

import Foundation
import RxCheck
import RxCheckCLI
import RxCheckMutants
import RxCheckProperties
import RxCore
import RxModels
import RxTestKit

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
                let elapsed = BenchSupport.seconds {
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
    /// The standard case mix (`ScenarioShape.standardCase`).
    static var shape: ScenarioShape { .standardCase }

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
            generation = min(generation, BenchSupport.seconds {
                for index in 0..<count {
                    sink &+= try! generator.generate(ChoiceSource(seed: UInt64(index), size: 100)).sources.count
                }
            })
            var scenarios = (0..<count).map { try! generator.generate(ChoiceSource(seed: UInt64($0), size: 100)) }
            events = scenarios.reduce(0) { $0 + $1.eventCount }
            model = min(model, BenchSupport.seconds {
                for scenario in scenarios { sink &+= CombineLatestModel.outcome(scenario) { $0[0] &+ $0[1] }.events.count }
            })
            scenarios = []   // the full property draws its own, as the runner does
            full = min(full, BenchSupport.seconds {
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
