import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var combineLatest: OperatorSpec {
        OperatorSpec("combineLatest", "combineLatest(a, b)", shape: shape(2...2),
                     build: { Observable.combineLatest($0.sources[0], $0.sources[1]) { $0 * 10 + $1 } },
                     model: { CombineLatestModel.outcome($0, selector: digits) })
            .covering(10, .sameTickAcrossSources).covering(5, .error).covering(5, .earlyDispose)
            .covering(5, .emptySource)
    }

    static var combineLatestCollection: OperatorSpec {
        OperatorSpec("combineLatest([])", "combineLatest over 0 to 4 sources, now and then hundreds", shape: manySources(0...4),
                     build: { Observable.combineLatest($0.sources) { digits($0) } },
                     model: { CombineLatestModel.outcome($0, selector: digits) })
    }

    static var combineLatestLaws: [Property<Scenario>] {
        [
            property("combineLatest.law.symmetry",
                     "combineLatest(a, b) equals combineLatest(b, a) with swapped pairs when no two sources share a tick",
                     group: "combineLatest", shape: shape(2...2, .hot)) { scenario in
                let ticks = scenario.sources.map { Set($0.events.map(\.tick)) }
                guard ticks[0].isDisjoint(with: ticks[1]) else { return .discard }
                return ScenarioCheck.differential(
                    scenario,
                    reference: { Observable.combineLatest($0.sources[0], $0.sources[1]) { $0 * 10 + $1 } },
                    candidate: { Observable.combineLatest($0.sources[1], $0.sources[0]) { $1 * 10 + $0 } })
            },
        ]
    }
}
