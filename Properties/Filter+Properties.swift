import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var filter: OperatorSpec {
        OperatorSpec("filter", "filter(p) keeps the elements p holds for", shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].filter { $0 % 2 == 0 } }, model: { FilterModel.outcome($0) { $0 % 2 == 0 } })
    }

    static var filterLaws: [Property<Scenario>] {
        [
            property("filter.law.fusion", "filter(p).filter(q) equals filter { p($0) && q($0) }", group: "filter",
                     shape: shape(1...1, .mixedWithSynchronous)) {
                ScenarioCheck.differential($0,
                                           reference: { $0.sources[0].filter { $0 > 0 && $0 != 3 } },
                                           candidate: { $0.sources[0].filter { $0 > 0 }.filter { $0 != 3 } })
            },
        ]
    }
}
