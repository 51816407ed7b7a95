// Shrinking and memory workloads: each mutant's shrink over many seeds (calls, time, final
// forms) and a soak that watches the process's memory across rounds.

import Foundation
import RxCheck
import RxCheckCLI
import RxCheckMutants
import RxCheckProperties
import RxCore
import RxModels
import RxTestKit

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
        _ = BenchSupport.seconds {
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
