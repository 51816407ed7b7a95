import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var concat: OperatorSpec {
        OperatorSpec("concat", "concat of 0 to 3 sources, now and then hundreds", shape: manySources(0...3),
                     build: { Observable.concat($0.sources) }, model: ConcatModel.outcome)
    }

    static var concatOuter: OperatorSpec {
        OperatorSpec("concat()", "outer.concat() subscribes inners one after another", shape: shape(1...1, inners: 1...3),
                     build: { context in context.sources[0].map { context.inner($0) }.concat() },
                     model: { MergeModel.outcome($0, maxConcurrent: 1) })
    }

    static var concatLaws: [Property<Scenario>] {
        var coldComplete = shape(1...3, .cold)
        coldComplete.errors = false
        return [
            property("concat.law.order", "concat of completing cold sources emits their elements in source order",
                     group: "concat", shape: coldComplete) { scenario in
                guard scenario.disposed == 1000,
                      scenario.sources.allSatisfy({ $0.events.last?.value == .completed }) else { return .discard }
                let run = scenario.run { Observable.concat($0.sources) }
                let produced = run.outcome.events.compactMap(\.value.element)
                let expected = scenario.sources.flatMap { $0.events.compactMap { event -> Int? in
                    if case .next(let value) = event.value { return value }
                    return nil
                } }
                // Later sources start when earlier ones complete, so all fit only if the window allows.
                let finished = run.outcome.events.last?.value.isCompleted ?? false
                guard finished else { return .discard }
                return produced == expected ? .pass
                    : .fail(Failure(.custom, "concat emitted \(produced), expected \(expected)",
                                    details: ScenarioCheck.drawing(scenario, actual: run.outcome)))
            },
        ]
    }
}
