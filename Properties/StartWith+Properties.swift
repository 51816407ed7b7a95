import RxCheck
@_spi(Catalog) import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var startWith: OperatorSpec {
        OperatorSpec("startWith", "source.startWith(x) emits x at subscription, then the source",
                     shape: shape(1...1, .mixedWithSynchronous, parameters: [0...9]),
                     build: { $0.sources[0].startWith($0.parameters[0]) },
                     model: { StartWithModel.outcome($0, prefix: [$0.parameters[0]]) })
    }

    /// A prefix of one to three elements as a rule; one case in ten, 2,000 to 20,000 of them
    /// (the second parameter), so a startWith that works per prefix element shows at scale.
    static func longPrefix(_ parameters: [Int]) -> [Int] {
        parameters[0] == 9 ? Array(repeating: 9, count: parameters[1]) : Array(repeating: parameters[0], count: 1 + parameters[0] % 3)
    }

    static var startWithLongPrefix: OperatorSpec {
        OperatorSpec("startWith(prefix)", "source.startWith(x, y, ...) emits the prefix at subscription, thousands now and then",
                     shape: shape(1...1, .mixedWithSynchronous, parameters: [0...9, 2_000...20_000]),
                     build: { context in
                         let prefix = longPrefix(context.parameters)
                         switch prefix.count {
                         case 1: return context.sources[0].startWith(prefix[0])
                         case 2: return context.sources[0].startWith(prefix[0], prefix[1])
                         case 3: return context.sources[0].startWith(prefix[0], prefix[1], prefix[2])
                         default: return context.sources[0].startWith(elementsOf: prefix)   // a variadic call of that length
                         }
                     },
                     model: { StartWithModel.outcome($0, prefix: longPrefix($0.parameters)) })
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
