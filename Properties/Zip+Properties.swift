import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var zip: OperatorSpec {
        OperatorSpec("zip", "zip(a, b)", shape: shape(2...2),
                     build: { Observable.zip($0.sources[0], $0.sources[1]) { $0 * 10 + $1 } },
                     model: { ZipModel.outcome($0, completesLazily: false, selector: digits) })
    }

    static var zipCollection: OperatorSpec {
        OperatorSpec("zip([])", "zip over 0 to 4 sources, now and then hundreds", shape: manySources(0...4),
                     build: { Observable.zip($0.sources) { digits($0) } },
                     model: { ZipModel.outcome($0, completesLazily: true, selector: digits) })
    }

    static var zipLaws: [Property<Scenario>] {
        var allComplete = shape(2...3, .hot)
        allComplete.errors = false
        return [
            property("zip.law.minCount", "zip emits min(count) elements when every source completes",
                     group: "zip", shape: allComplete) { scenario in
                guard scenario.disposed == 1000,
                      scenario.sources.allSatisfy({ $0.events.last.map { $0.value == .completed && $0.tick > scenario.subscribed } ?? false })
                else { return .discard }
                let run = scenario.run { Observable.zip($0.sources) { digits($0) } }
                let produced = run.outcome.events.filter { $0.value.element != nil }.count
                // Hot events at or before the subscribe tick are missed (SEMANTICS 1.7).
                let expected = scenario.sources.map { source in
                    source.events.filter { $0.tick > scenario.subscribed && !$0.value.isTerminal }.count
                }.min() ?? 0
                return produced == expected ? .pass
                    : .fail(Failure(.custom, "zip emitted \(produced) elements, expected min(count) = \(expected)",
                                    details: ScenarioCheck.drawing(scenario, actual: run.outcome)))
            },
        ]
    }
}
