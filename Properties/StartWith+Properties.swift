import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var startWith: OperatorSpec {
        OperatorSpec("startWith", "source.startWith(x) emits x at subscription, then the source",
                     shape: shape(1...1, .mixedWithSynchronous, parameters: [0...9]),
                     build: { $0.sources[0].startWith($0.parameters[0]) },
                     model: { StartWithModel.outcome($0, prefix: [$0.parameters[0]]) })
    }

    static var startWithLaws: [Property<Scenario>] {
        [
            property("startWith.law.firstAtSubscribe", "startWith(x) emits x first, at the subscribe tick",
                     group: "startWith", shape: shape(1...1, .mixedWithSynchronous, parameters: [0...9])) { scenario in
                let run = scenario.run { $0.sources[0].startWith($0.parameters[0]) }
                let first = run.outcome.events.first
                let expected = Recorded(time: scenario.subscribed, value: Event<Int>.next(scenario.parameters[0]))
                return first == expected ? .pass
                    : .fail(Failure(.custom, "first event is \(first.map { "\($0)" } ?? "nothing"), expected \(expected)",
                                    details: ScenarioCheck.drawing(scenario, actual: run.outcome)))
            },
        ]
    }
}
