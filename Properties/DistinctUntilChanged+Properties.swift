import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var distinctUntilChanged: OperatorSpec {
        OperatorSpec("distinctUntilChanged", "distinctUntilChanged() drops elements equal to the last emitted",
                     shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].distinctUntilChanged() },
                     model: { DistinctUntilChangedModel.outcome($0) })
    }

    static var distinctUntilChangedLaws: [Property<Scenario>] {
        [
            property("distinctUntilChanged.law.noEqualNeighbours", "distinctUntilChanged never emits two equal neighbours",
                     group: "distinctUntilChanged", shape: shape(1...1, .mixedWithSynchronous)) { scenario in
                let run = scenario.run { $0.sources[0].distinctUntilChanged() }
                let elements = run.outcome.events.compactMap(\.value.element)
                if let index = elements.indices.dropFirst().first(where: { elements[$0] == elements[$0 - 1] }) {
                    return .fail(Failure(.custom, "element \(elements[index]) emitted twice in a row",
                                         details: ScenarioCheck.drawing(scenario, actual: run.outcome)))
                }
                return .pass
            },
        ]
    }
}
