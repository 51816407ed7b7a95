import RxCheck
import RxCore
import RxModels
import RxTestKit

// Throwing user closures: the closure throws `TestError(9)` on the value given by the case's
// parameter (5 never occurs, so some cases never throw). A throw must become `error` at that
// tick followed by full disposal (SEMANTICS 1.1).
extension Catalog {
    static let thrown = TestError(9)

    static func throwing<T>(_ value: Int, on bad: Int, _ result: T) throws -> T {
        if value == bad { throw thrown }
        return result
    }

    static var throwingShape: ScenarioShape { shape(1...1, parameters: [0...5]) }

    /// "a user closure throws": source 0 delivers the value the closure throws on.
    static func throwingClass(_ scenario: Scenario) -> [String] {
        let bad = scenario.parameters[0]
        let delivered = scenario.sources[0].events.contains { $0.value == .next(bad) }
        return delivered ? ["a user closure throws"] : []
    }

    static func throwingSpec(_ spec: OperatorSpec) -> OperatorSpec {
        var copy = spec
        copy.extraClasses = throwingClass
        return copy
    }

    static var mapThrowing: OperatorSpec {
        throwingSpec(OperatorSpec("map(throwing)", "a throwing transform ends map with that error", shape: throwingShape,
                     build: { context in context.sources[0].map { try throwing($0, on: context.parameters[0], $0 * 2) } },
                     model: { scenario in MapModel.outcome(scenario) { try throwing($0, on: scenario.parameters[0], $0 * 2) } }))
    }

    static var filterThrowing: OperatorSpec {
        throwingSpec(OperatorSpec("filter(throwing)", "a throwing predicate ends filter with that error", shape: throwingShape,
                     build: { context in context.sources[0].filter { try throwing($0, on: context.parameters[0], $0 != 1) } },
                     model: { scenario in FilterModel.outcome(scenario) { try throwing($0, on: scenario.parameters[0], $0 != 1) } }))
    }

    static var scanThrowing: OperatorSpec {
        throwingSpec(OperatorSpec("scan(throwing)", "a throwing accumulator ends scan with that error", shape: throwingShape,
                     build: { context in context.sources[0].scan(0) { try throwing($1, on: context.parameters[0], $0 + $1) } },
                     model: { scenario in ScanModel.outcome(scenario, seed: 0) { try throwing($1, on: scenario.parameters[0], $0 + $1) } }))
    }

    static var distinctUntilChangedThrowing: OperatorSpec {
        throwingSpec(OperatorSpec("distinctUntilChanged(throwing)", "a throwing comparer ends distinctUntilChanged with that error",
                     shape: throwingShape,
                     build: { context in context.sources[0].distinctUntilChanged { try throwing($1, on: context.parameters[0], $0 == $1) } },
                     model: { scenario in
                         DistinctUntilChangedModel.outcome(scenario) { try throwing($1, on: scenario.parameters[0], $0 == $1) }
                     }))
    }

    static var combineLatestThrowing: OperatorSpec {
        throwingSpec(OperatorSpec("combineLatest(throwing)", "a throwing selector ends combineLatest with that error",
                     shape: shape(2...2, parameters: [0...5]),
                     build: { context in
                         Observable.combineLatest(context.sources[0], context.sources[1]) {
                             try throwing($0, on: context.parameters[0], $0 * 10 + $1)
                         }
                     },
                     model: { scenario in
                         CombineLatestModel.outcome(scenario) { try throwing($0[0], on: scenario.parameters[0], digits($0)) }
                     }))
    }
}
