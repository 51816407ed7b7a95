// RxCheck's catalog run against RxSwift: each catalog spec RxSwift has, its properties made by
// running the RxSwift build through the bridge and judging the outcome with the spec's model.
// Property names are the catalog's, so Seeds files, reports and replay lines read the same.

import RxCheck
import RxCheckProperties
import RxCheckRxSwift
import RxSwift
import RxSwiftBridge
import RxTestKit

/// The catalog for RxSwift: `rxcheck-rxswift`'s properties.
public enum RxSwiftCatalog {
    /// Each bridged spec, its runs made in RxSwift (`OperatorSpec.running(through:)`), with
    /// RxSwift's known bugs (`findings`) tolerated, each by its own rule.
    public static var specs: [OperatorSpec] { specs(tolerating: findings) }

    /// Each bridged spec, tolerating `findings` (none: every known bug fails its properties).
    public static func specs(tolerating findings: [RxSwiftFinding]) -> [OperatorSpec] {
        builds.compactMap { entry in
            let build = entry.build
            return Catalog.spec(entry.name).map { catalogSpec in
                // The bridge plays no subscriber action (one subscriber disposing or adding another
                // inside its delivery): the share operators draw none here (DIVERGENCES.md).
                var spec = catalogSpec
                spec.shape.subscriberActionPercent = 0
                return tolerating(findings, in: spec) { scenario in
                    RxSwiftBridge.run(BridgeScenario(scenario), eventBudget: eventBudget(scenario), build).scenarioRun
                }
            }
        }
    }

    /// A run's event budget, as RxCheck sizes its step budget: 100,000, and 100 more per event
    /// (and per parameter in the thousands, a long prefix's) for each subscriber.
    static func eventBudget(_ scenario: Scenario) -> Int {
        let work = scenario.parameters.reduce(scenario.eventCount) { $1 >= 1_000 ? $0 + $1 : $0 }
        return 100_000 + 100 * work * (1 + scenario.extraSubscribers.count)
    }

    /// Every property of every bridged spec, replayed by `rxcheck-rxswift`, with RxSwift's known
    /// bugs tolerated by their rules.
    public static var all: [Property<Scenario>] { properties(tolerating: findings) }

    /// Every property of every bridged spec, tolerating `findings`.
    public static func properties(tolerating findings: [RxSwiftFinding]) -> [Property<Scenario>] {
        specs(tolerating: findings).flatMap(\.standardProperties).map {
            $0.replayed(by: replayTemplate.replacingOccurrences(of: "{name}", with: $0.name))
        }
    }

    /// The replay line of a property: a release build of the user's `rxcheck-rxswift`.
    public static let replayTemplate = "swift run -c release rxcheck-rxswift reproduce {name} --seed {seed} --case {case}"

    /// The replay line for case `index` of `seed` (every failing case: nil).
    public static func replayCommand(_ name: String, seed: String, case index: Int?) -> String {
        "swift run -c release rxcheck-rxswift reproduce \(name) --seed \(seed)" + (index.map { " --case \($0)" } ?? "")
    }
}

extension RxSwiftCatalog {
    /// An array read as one number, digit by digit (wrapping), as the catalog reads one.
    static func digits(_ values: [Int]) -> Int { values.reduce(0) { $0 &* 10 &+ $1 } }

    /// The time parameter in ticks: the first parameter, ten ticks each.
    static func duration(_ context: BridgeContext) -> RxTimeInterval { .seconds(context.parameters[0] * 10) }

    /// The elements a `from` case lists: as many of the parameters after the first as it says.
    static func fromElements(_ parameters: [Int]) -> [Int] { Array(parameters.dropFirst().prefix(parameters[0])) }

    /// The catalog's user closure that throws `BridgeError(9)` on the element `bad`.
    static func throwing<T>(_ value: Int, on bad: Int, _ result: T) throws -> T {
        if value == bad { throw BridgeError(9) }
        return result
    }

    /// Events as numbers: elements as themselves, `completed` as 90, an error as 100 + identity.
    static func encode(_ event: Event<Int>) -> Int {
        switch event {
        case .next(let value): return value
        case .completed: return 90
        case .error(let error): return 100 + ((error as? BridgeError)?.identity ?? 0)
        }
    }

    /// Numbers as events: 3 is `completed`, 4 is `error(BridgeError(3))`, others are elements.
    static func decode(_ value: Int) -> Event<Int> {
        switch value {
        case 3: return .completed
        case 4: return .error(BridgeError(3))
        default: return .next(value)
        }
    }
}

extension ObservableType where Element == Never {
    /// An output of no elements as one of `Int`s, for the catalog's comparisons.
    func asInt() -> Observable<Int> {
        let source = self
        return Observable<Int>.create { observer in
            source.subscribe { event in
                switch event {
                case .next: break
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }
}
