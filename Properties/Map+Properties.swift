import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var map: OperatorSpec {
        OperatorSpec("map", "map(f) transforms each element at its tick", shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].map { $0 * 3 + 1 } }, model: { MapModel.outcome($0) { $0 * 3 + 1 } })
    }

    static var mapLaws: [Property<Scenario>] {
        [
            property("map.law.fusion", "map(f).map(g) equals map { g(f($0)) }", group: "map", shape: shape(1...1, .mixedWithSynchronous)) {
                ScenarioCheck.differential($0,
                                           reference: { $0.sources[0].map { ($0 + 2) * 5 } },
                                           candidate: { $0.sources[0].map { $0 + 2 }.map { $0 * 5 } })
            },
        ]
    }
}
