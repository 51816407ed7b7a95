import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var take: OperatorSpec {
        OperatorSpec("take", "take(n) forwards the first n elements and completes with the n-th",
                     shape: shape(1...1, .mixedWithSynchronous, parameters: [0...4]),
                     build: { $0.sources[0].take($0.parameters[0]) },
                     model: { TakeModel.outcome($0, count: $0.parameters[0]) })
    }

    static var takeLaws: [Property<Scenario>] {
        [
            property("take.law.composition", "take(n).take(m) equals take(min(n, m))", group: "take",
                     shape: shape(1...1, .mixedWithSynchronous, parameters: [0...4, 0...4])) { scenario in
                let (n, m) = (scenario.parameters[0], scenario.parameters[1])
                return ScenarioCheck.differential(scenario,
                                                  reference: { $0.sources[0].take(min(n, m)) },
                                                  candidate: { $0.sources[0].take(n).take(m) })
            },
        ]
    }
}
