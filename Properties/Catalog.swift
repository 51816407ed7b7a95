import RxCheck
import RxCore
import RxModels
import RxTestKit

/// One operator as the catalog sees it: how to draw its cases, how to build it from a
/// scenario's sources, and its reference model. Its four standard properties come from here,
/// and a mutation test swaps `build` for a broken one and expects them to fail.
public struct OperatorSpec {
    /// The operator's name: the group of its properties (`combineLatest`).
    public let name: String
    /// One line for `rxcheck list`.
    public let summary: String
    /// The cases to draw.
    public var shape: ScenarioShape
    /// Builds the operator under test.
    public var build: ScenarioBuild<Int>
    /// Predicts output and subscription logs.
    public private(set) var model: (Scenario) -> Outcome<Int>
    /// Class shares a passing `matchesModel` run must reach, in percent.
    public var coverage: [(ScenarioClass, Double)] = []
    /// Ticks a source may stay subscribed after the output ends (operators that unsubscribe
    /// through a scheduler).
    public var cleanupGrace = 0
    /// Whether the model checks also compare the order of subscribes, disposes and output events
    /// within each tick (on by default).
    public var checksOperationOrder = true
    /// Whether that order includes the operator's releases — its disposes of subscriptions their
    /// source's terminal had ended — where the model predicts them (on by default).
    public var checksReleases = true
    /// Whether `cleansUp` also requires that nothing the operator scheduled runs after the
    /// output's end (on by default).
    public var checksQuietAfterEnd = true
    /// Adds `<name>.disposesInsideOnNext` (on by default): the observer disposes from inside
    /// `onNext` after a drawn number of events, and the model, which plays the same observer,
    /// predicts where output and subscriptions stop.
    public var checksDisposalInsideOnNext = true

    /// Further case classes for statistics, for what only the spec can recognise (a closure
    /// that throws on a generated input).
    public var extraClasses: (Scenario) -> [String] = { _ in [] }

    /// Adds `<name>.feedback` (on by default for operators with sources): the observer sends a
    /// value back into source 0 while an event is being delivered; the model handles the
    /// re-entrant element depth-first.
    public var checksFeedback = true

    /// Adds `<name>.independentSubscriptions` (on by default): one to three further subscribers
    /// join and leave at generated ticks, and each must see the run the model predicts for its
    /// own window alone. Off for the sharing operators, whose subscribers share one run by
    /// design (their model judges several subscribers itself).
    public var checksIndependentSubscriptions = true

    /// Why `<name>.feedback` is off, when it is: where neither the contract nor RxSwift settles
    /// what a value fed back in the middle of a delivery does.
    public private(set) var feedbackUnsettled: String?

    /// The same spec without the feedback property, and the reason.
    public func withoutFeedback(because reason: String) -> OperatorSpec {
        var copy = self
        copy.checksFeedback = false
        copy.feedbackUnsettled = reason
        return copy
    }

    /// Why `<name>.cleansUp` is left out, when it is: an operator that keeps its source
    /// subscribed for as long as the source lives, whoever listens (a subject fed by it, a
    /// connectable connected for good).
    public private(set) var keepsSourceSubscribed: String?

    /// The same spec without the cleansUp property, and the reason.
    public func keepingSourceSubscribed(because reason: String) -> OperatorSpec {
        var copy = self
        copy.keepsSourceSubscribed = reason
        return copy
    }

    /// How this spec's properties run a scenario: nil runs `build` on RxCore (`Scenario.run`);
    /// set, each run is made by the runner instead — the same operator in another library, run
    /// through a bridge — and judged by the same model.
    public private(set) var runner: ScenarioRunner<Int>?

    /// The same properties, each run made by `runner` instead of by `build` on RxCore.
    public func running(through runner: @escaping ScenarioRunner<Int>) -> OperatorSpec {
        var copy = self
        copy.runner = runner
        return copy
    }

    public init(_ name: String, _ summary: String, shape: ScenarioShape, build: @escaping ScenarioBuild<Int>,
                model: @escaping (Scenario) -> Outcome<Int>) {
        self.name = name
        self.summary = summary
        self.shape = shape
        self.build = build
        self.model = model
    }

    /// The same properties judged by `transform`'s version of the model's prediction: for
    /// another library's known bug, the outcome that bug makes of the prediction, in exactly the
    /// cases its rule picks out (elsewhere `transform` returns the prediction unchanged), so any
    /// other difference in those cases still fails.
    public func expecting(_ transform: @escaping (Scenario, Outcome<Int>) -> Outcome<Int>) -> OperatorSpec {
        var copy = self
        let predicted = model
        copy.model = { scenario in transform(scenario, predicted(scenario)) }
        return copy
    }

    /// The same operator built differently (a mutant, a user's implementation).
    public func with(build: @escaping ScenarioBuild<Int>) -> OperatorSpec {
        var copy = self
        copy.build = build
        return copy
    }

    /// Requires a minimum share of a case class in `matchesModel` runs.
    public func covering(_ share: Double, _ scenarioClass: ScenarioClass) -> OperatorSpec {
        var copy = self
        copy.coverage.append((scenarioClass, share))
        return copy
    }

    /// matchesModel, obeysGrammar, cleansUp (unless the spec keeps its source subscribed),
    /// deterministic.
    public var standardProperties: [Property<Scenario>] {
        let build = self.build
        let predicted = self.model
        let (order, releases) = (checksOperationOrder, checksReleases)
        let model: (Scenario) -> Outcome<Int> = order && releases ? predicted : { scenario in
            var outcome = predicted(scenario)
            if !order {
                outcome.steps = nil
            } else if outcome.stepsIncludeReleases {
                outcome.steps = outcome.steps?.filter { !$0.isRelease }
                outcome.stepsIncludeReleases = false
            }
            return outcome
        }
        let grace = cleanupGrace
        let quiet = checksQuietAfterEnd
        // Every check but matchesModel runs through `run`; matchesModel keeps RxCore's own path,
        // which follows the model's prediction as it goes.
        let runner = self.runner
        let run = runner ?? ScenarioCheck.runner(build)
        var matches = Catalog.property("\(name).matchesModel", "\(summary): output and every subscription log match the model",
                                       group: name, shape: shape) { scenario in
            runner.map { ScenarioCheck.matchesModel(scenario, run: $0, model: model) }
                ?? ScenarioCheck.matchesModel(scenario, build: build, model: model)
        }
        for (scenarioClass, share) in coverage { matches = matches.cover(share, scenarioClass.rawValue) }
        let extraClasses = self.extraClasses
        matches = matches.classified { ScenarioClass.classify($0).map(\.rawValue) + extraClasses($0) }
        var extra: [Property<Scenario>] = []
        let single = shape.extraSubscribers.upperBound == 0
        if checksDisposalInsideOnNext && single {
            extra.append(everyCase("disposesInsideOnNext",
                                   "an observer disposing from inside onNext stops it at once and releases the source",
                                   forcing: { $0.disposeInsidePercent = 100 }, expected: model))
        }
        if checksIndependentSubscriptions && shape.extraSubscribers.upperBound == 0 {
            var several = shape
            several.extraSubscribers = 1...3
            several.disposeInsidePercent = 0
            several.feedbackPercent = 0
            extra.append(Catalog.property("\(name).independentSubscriptions",
                                          "each of several subscribers gets its own independent run",
                                          group: name, shape: several) {
                ScenarioCheck.matchesIndependentRuns($0, run: run, model: model)
            })
        }
        if checksFeedback && single && shape.sources.upperBound > 0 {
            extra.append(everyCase("feedback", "an observer sending back into the input is handled depth-first, at once",
                                   forcing: { $0.feedbackPercent = 100 }, expected: model))
        }
        let cleansUp = keepsSourceSubscribed != nil ? [] : [
            Catalog.property("\(name).cleansUp", "every source subscription, and every timer, ends by the output's end or dispose",
                             group: name, shape: shape) { ScenarioCheck.cleansUp($0, grace: grace, quiet: quiet, run: run) },
        ]
        let standard: [Property<Scenario>] = [
            matches,
            Catalog.property("\(name).obeysGrammar", "nothing after a terminal event or after dispose",
                             group: name, shape: shape) { ScenarioCheck.obeysGrammar($0, run: run) },
        ] + cleansUp + [
            Catalog.property("\(name).deterministic", "two runs of one case record identical timelines",
                             group: name, shape: shape) { ScenarioCheck.deterministic($0, run: run) },
        ]
        return standard + extra
    }

    /// `<name>.<suffix>`: `forcing` turns one observer behaviour on in every case; the output
    /// must obey the grammar — nothing after that behaviour ends it — and match `expected`.
    private func everyCase(_ suffix: String, _ summary: String, forcing: (inout ScenarioShape) -> Void,
                           expected: @escaping (Scenario) -> Outcome<Int>) -> Property<Scenario> {
        var forced = shape
        forcing(&forced)
        let (build, runner) = (self.build, self.runner)
        let run = runner ?? ScenarioCheck.runner(build)
        return Catalog.property("\(name).\(suffix)", summary, group: name, shape: forced) { scenario in
            let grammar = ScenarioCheck.obeysGrammar(scenario, run: run)
            if grammar.isFailure { return grammar }
            return runner.map { ScenarioCheck.matchesModel(scenario, run: $0, model: expected) }
                ?? ScenarioCheck.matchesModel(scenario, build: build, model: expected)
        }
    }
}

/// The property catalog: every operator's standard properties and the laws.
public enum Catalog {
    /// Every operator spec, in catalog order.
    public static var specs: [OperatorSpec] {
        creationSpecs + [
            combineLatest, combineLatestCollection, withLatestFrom, withLatestFromSelector, zip, zipCollection,
            merge, mergeOuter, mergeMaxConcurrent, concat, concatOuter, switchLatest, flatMapLatest, flatMap,
            concatMap, amb, startWith, startWithLongPrefix, sample, sampleDefault, map, filter, scan, distinctUntilChanged, take, skip,
            takeUntil, compactMap, reduce, toArray, takeLast, takeWhile, takeUntilPredicate, skipWhile, skipUntil,
            elementAt, ifEmptyDefault, ifEmptySwitchTo, enumerated, ignoreElements, materialize, dematerialize,
            single, singlePredicate, multicastSelector, groupBy, groupByHeldByAGroup, using, debug, fromSequence,
            fromOptional, withUnretained, decode, asInfallible, asSingle, asMaybe, first, doOperator, flatMapFirst,
            debounce, throttleDefault, throttleLatest, throttleFirst, delay, delaySubscription, timeout, timeoutOther,
            buffer, takeFor, skipFor, subscribeOn, observeOn, catchOperator, catchAndReturn, catchSequence, retry,
            retryCount, retryWhen, retryWhenOwnSequence, range, generate, repeatElement, justScheduled,
            shareDefault, shareWhileConnected, shareForever, publishRefCount, replayRefCount, publishConnected, replayConnected,
            publishSubject, replaySubject, behaviorSubject, mapThrowing, filterThrowing,
            scanThrowing, distinctUntilChangedThrowing, combineLatestThrowing, window,
        ]
    }

    /// The laws: properties relating operators to each other.
    public static var laws: [Property<Scenario>] {
        mapLaws + filterLaws + combineLatestLaws + mergeLaws + zipLaws + takeLaws + startWithLaws
            + distinctUntilChangedLaws + concatLaws
    }

    /// Every property, grouped by operator.
    public static var all: [Property<Scenario>] {
        specs.flatMap(\.standardProperties) + laws
    }

    /// The spec called `name`, if any.
    public static func spec(_ name: String) -> OperatorSpec? {
        specs.first { $0.name == name }
    }

    /// The property called `name`, if any.
    public static func property(named name: String) -> Property<Scenario>? {
        all.first { $0.name == name }
    }

    /// The replay command for catalog properties: a release build, as the README's main job.
    public static let replayTemplate = "swift run -c release rxcheck reproduce {name} --seed {seed} --case {case}"

    /// The one line that reproduces case `index` of `seed` for property `name` — with
    /// `RXCHECK_SELFTEST=1` for the self-test properties, which exist only with it.
    public static func replayCommand(_ name: String, seed: String, case index: Int?) -> String {
        (name.hasPrefix("selftest.") ? "RXCHECK_SELFTEST=1 " : "")
            + "swift run -c release rxcheck reproduce \(name) --seed \(seed)" + (index.map { " --case \($0)" } ?? "")
    }

    static func property(_ name: String, _ summary: String, group: String, shape: ScenarioShape,
                         check: @escaping (Scenario) -> Verdict) -> Property<Scenario> {
        Property.scenario(name, summary: summary, group: group, shape: shape, check: check)
            .replayed(byCommand: { replayCommand(name, seed: $0, case: $1) })
    }

    /// Reads the values of several sources as one number, digit by digit: `[1, 3]` → 13.
    /// Wrapping, so long arrays (toArray) encode without trapping.
    static func digits(_ values: [Int]) -> Int { values.reduce(0) { $0 &* 10 &+ $1 } }

    /// A collection operator's shape: `sources` as a rule, and in 2% of cases 200 to 2,000 of
    /// them, so work per source that grows with their number (a recursion, a quadratic scan)
    /// shows.
    static func manySources(_ sources: ClosedRange<Int>) -> ScenarioShape {
        var shape = shape(sources)
        shape.manySourcesPercent = 2
        return shape
    }

    /// Shapes used across the catalog.
    /// Sources and inners are hot, cold or synchronous unless a spec says otherwise.
    static func shape(_ sources: ClosedRange<Int>, _ flavors: ScenarioShape.Flavors = .mixedWithSynchronous,
                      inners: ClosedRange<Int> = 0...0, parameters: [ClosedRange<Int>] = []) -> ScenarioShape {
        var shape = ScenarioShape()
        shape.sources = sources
        shape.flavors = flavors
        shape.inners = inners
        shape.innerFlavors = .mixedWithSynchronous
        // Higher-order operators also meet the occasional outer of thousands of synchronous inners.
        if inners.upperBound > 0 { shape.largePercent = 4 }
        shape.parameters = parameters
        return shape
    }
}
