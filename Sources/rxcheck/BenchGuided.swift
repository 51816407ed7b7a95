// `rxcheck bench --only guided`: what guided search buys. For every mutant, the property that
// catches it at the defaults is run blind and guided from the same seeds, and the cases each
// took to the first failure are compared by their median. Not part of the default sections.

import Foundation
import RxCheck
import RxCheckMutants
import RxCheckProperties
import RxTestKit

enum GuidedBench {
    /// Per mutant: the catching property, and the median cases to its first failure over
    /// `seeds` seeds (1, 2, …), blind and guided, each search stopped after `cases` cases (a
    /// seed that found nothing counts as `cases + 1`, printed `>cases`).
    static func run(_ mutants: [Mutant], seeds: Int, cases: Int, print output: Bool) -> [String: Any] {
        if output {
            print("guided against blind: median cases to the first failure over \(seeds) seeds (at most \(cases) cases each)")
        }
        var rows: [[String: Any]] = []
        var (faster, slower, even) = (0, 0, 0)
        let width = min(64, mutants.map(\.name.count).max() ?? 0)
        for mutant in mutants {
            guard let spec = Catalog.spec(mutant.spec) else { continue }
            var quiet = RunOptions()
            quiet.shrink = false
            guard let property = spec.with(build: mutant.build).standardProperties.first(where: { Runner.run($0, options: quiet).failure != nil })
            else { continue }
            func median(_ search: (Property<Scenario>, RunOptions) -> RunReport<Scenario>) -> Int {
                var found: [Int] = []
                for seed in 1...seeds {
                    var options = RunOptions(cases: cases, seed: UInt64(seed))
                    options.shrink = false
                    found.append(search(property, options).failure.map { $0.caseIndex + 1 } ?? cases + 1)
                }
                return found.sorted()[(found.count - 1) / 2]
            }
            let blind = median { Runner.run($0, options: $1) }
            let guided = median { GuidedSearch.run($0, options: $1) }
            if guided < blind { faster += 1 } else if guided > blind { slower += 1 } else { even += 1 }
            rows.append(["mutant": mutant.name, "property": property.name, "blind": blind, "guided": guided])
            if output {
                let shown = { (value: Int) in value > cases ? ">\(cases)" : String(value) }
                print("  " + String(mutant.name.prefix(width)).padding(toLength: width, withPad: " ", startingAt: 0)
                      + shown(blind).leftPadded(to: 8) + shown(guided).leftPadded(to: 8))
            }
        }
        if output { print("  guided needs fewer cases for \(faster) mutants, more for \(slower), as many for \(even)\n") }
        return ["seeds": seeds, "cases": cases, "mutants": rows, "guidedFaster": faster, "guidedSlower": slower, "even": even]
    }
}
