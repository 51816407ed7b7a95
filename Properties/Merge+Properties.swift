import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var merge: OperatorSpec {
        OperatorSpec("merge", "merge of 0 to 4 sources, now and then hundreds", shape: manySources(0...4),
                     build: { Observable.merge($0.sources) }, model: MergeModel.outcome)
    }

    static var mergeOuter: OperatorSpec {
        OperatorSpec("merge()", "outer.merge() over inner sources", shape: shape(1...1, inners: 1...3),
                     build: { context in context.sources[0].map { context.inner($0) }.merge() },
                     model: { MergeModel.outcome($0, maxConcurrent: nil) })
    }

    static var mergeMaxConcurrent: OperatorSpec {
        OperatorSpec("merge(maxConcurrent:)", "outer.merge(maxConcurrent: 2) queues inners beyond two",
                     shape: shape(1...1, inners: 1...3),
                     build: { context in context.sources[0].map { context.inner($0) }.merge(maxConcurrent: 2) },
                     model: { MergeModel.outcome($0, maxConcurrent: 2) })
    }

    static var mergeLaws: [Property<Scenario>] {
        var noErrors = shape(1...4)
        noErrors.errors = false
        return [
            property("merge.law.union", "merge emits exactly the union of its sources' elements (as a multiset)",
                     group: "merge", shape: noErrors) { scenario in
                guard scenario.disposed == 1000, scenario.sources.allSatisfy({ $0.flavor == .hot }) else { return .discard }
                let run = scenario.run { Observable.merge($0.sources) }
                let produced = run.outcome.events.compactMap(\.value.element).sorted()
                let inputs = scenario.sources.flatMap { $0.events.filter { $0.tick > scenario.subscribed } }
                    .compactMap { event -> Int? in if case .next(let value) = event.value { return value }; return nil }
                    .sorted()
                return produced == inputs ? .pass
                    : .fail(Failure(.custom, "merge emitted \(produced), the sources' union is \(inputs)",
                                    details: ScenarioCheck.drawing(scenario, actual: run.outcome)))
            },
        ]
    }
}
