// `rxcheck bench --only exhaustive`: what bounded-exhaustive search costs and what it finds —
// the scenarios each operator's scope holds for K = 1…4, and the smallest K at which each
// mutant is caught. Not part of the default sections: it takes minutes.

import Foundation
import RxCheck
import RxCheckMutants
import RxCheckProperties
import RxTestKit

enum ExhaustiveBench {
    /// The scope sizes of every operator's `matchesModel` for K = 1…`events`, then each mutant's
    /// smallest catching K (up to `events`) with the property and the scenarios it took.
    static func run(_ mutants: [Mutant], events: Int, grid: Int, print output: Bool) -> [String: Any] {
        var results: [String: Any] = ["grid": grid, "events": events]
        if output { print("exhaustive search (\(grid)-tick grid): scenarios per operator's matchesModel for K = 1…\(events)") }
        var sizes: [[String: Any]] = []
        let width = Catalog.specs.map(\.name.count).max() ?? 0
        for spec in Catalog.specs {
            guard let property = spec.standardProperties.first, let enumerate = property.enumerateSmallScope else { continue }
            var counts: [Int] = []
            let started = Date()
            for k in 1...events {
                var count = 0
                enumerate(SmallScope(events: k, grid: grid)) { _ in
                    count += 1
                    return true
                }
                counts.append(count)
            }
            let seconds = Date().timeIntervalSince(started)
            sizes.append(["operator": spec.name, "scenarios": counts, "enumerationSeconds": seconds])
            if output {
                print("  " + spec.name.padding(toLength: width, withPad: " ", startingAt: 0)
                      + counts.map { grouped(Double($0)).leftPadded(to: 11) }.joined() + "   " + format(seconds, 2) + " s")
            }
        }
        results["scopes"] = sizes
        if output { print("\nmutants: the smallest K whose scope catches each (K ≤ \(events)), with the property and scenarios checked") }
        var caught: [[String: Any]] = []
        for mutant in mutants {
            guard let spec = Catalog.spec(mutant.spec) else { continue }
            let properties = spec.with(build: mutant.build).standardProperties
            var found: (k: Int, property: String, scenarios: Int, events: Int)?
            var checked = 0
            let started = Date()
            search: for k in 0...events {
                for property in properties {
                    guard let report = Runner.exhaust(property, scope: SmallScope(events: k, grid: grid)) else { continue }
                    checked += report.casesRun
                    if let failure = report.failure {
                        found = (k, property.name, checked, failure.value.eventCount)
                        break search
                    }
                }
            }
            let seconds = Date().timeIntervalSince(started)
            var row: [String: Any] = ["mutant": mutant.name, "minimumEvents": mutant.minimumEvents, "scenarios": checked,
                                      "seconds": seconds]
            if let found { row["caughtAt"] = found.k; row["property"] = found.property }
            caught.append(row)
            if output {
                let verdict = found.map { "K = \($0.k)  \($0.property)" } ?? "not caught with K ≤ \(events)"
                print("  " + mutant.name + "  min \(mutant.minimumEvents)  "
                      + verdict + "  (\(grouped(Double(checked))) scenarios, \(format(seconds, 1)) s)")
            }
        }
        results["mutants"] = caught
        if output {
            for k in 0...events {
                let count = caught.filter { ($0["caughtAt"] as? Int) == k }.count
                print("  caught at K = \(k): \(count)")
            }
            print("  not caught with K ≤ \(events): \(caught.filter { $0["caughtAt"] == nil }.count) of \(caught.count)\n")
        }
        return results
    }
}

extension String {
    /// Right-aligned in `width` columns.
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
