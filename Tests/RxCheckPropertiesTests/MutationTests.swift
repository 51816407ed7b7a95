import Foundation
import Testing
import RxCheck
import RxCheckProperties
import RxCore
import RxTestKit
import RxCheckMutants

/// What the catalog did with one mutant.
struct MutantResult: Equatable {
    var property: String
    var casesToDetect: Int
    var shrunkEvents: Int
    var shrinkCalls: Int
    /// The shrunk counterexample.
    var shrunk: Scenario

    static func measure(_ mutant: Mutant, options: RunOptions = RunOptions()) -> MutantResult? {
        guard let spec = Catalog.spec(mutant.spec) else { return nil }
        let broken = spec.with(build: mutant.build)
        for property in broken.standardProperties {
            let report = Runner.run(property, options: options)
            if let failure = report.failure {
                return MutantResult(property: property.name, casesToDetect: failure.caseIndex + 1,
                                    shrunkEvents: failure.shrunk.eventCount, shrinkCalls: failure.shrinkCalls,
                                    shrunk: failure.shrunk)
            }
        }
        return nil
    }

    /// Every mutant measured once at the default settings, in `Mutant.all` order, across the
    /// cores; shared by the tests that need it (it is the suite's most expensive computation).
    static let atDefaults: [MutantResult?] = {
        let mutants = Mutant.all
        let results = ResultSlots(count: mutants.count)
        DispatchQueue.concurrentPerform(iterations: mutants.count) { index in
            results.set(index, measure(mutants[index]))
        }
        return results.values
    }()

    /// The default-settings result for `mutant`.
    static func atDefaults(_ mutant: Mutant) -> MutantResult? {
        Mutant.all.firstIndex { $0.name == mutant.name }.flatMap { atDefaults[$0] }
    }
}

/// Slots written once each from concurrent iterations.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [MutantResult?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: MutantResult?) { lock.lock(); slots[index] = value; lock.unlock() }
    var values: [MutantResult?] { lock.lock(); defer { lock.unlock() }; return slots }
}

@Suite struct MutationTests {
    @Test(arguments: Mutant.all)
    func mutant_isCaughtAndShrunkToItsMinimum(_ mutant: Mutant) throws {
        let result = try #require(MutantResult.atDefaults(mutant), "the catalog did not catch: \(mutant.name)")
        #expect(result.casesToDetect <= RunOptions().cases)
        #expect(result.shrunkEvents <= mutant.minimumEvents,
                "\(mutant.name): shrunk to \(result.shrunkEvents) events, hand-derived minimum \(mutant.minimumEvents)")
    }

    /// The grammar property on its own sees the emission after dispose (one event after an
    /// early dispose is the whole counterexample).
    @Test func emitAfterDispose_isAGrammarViolation() throws {
        let mutant = try #require(Mutant.all.first { $0.name == "map emits after dispose" })
        let grammar = try #require(Catalog.spec("map")?.with(build: mutant.build).standardProperties
            .first { $0.name == "map.obeysGrammar" })
        let failure = try #require(Runner.run(grammar).failure)
        #expect(failure.failure.kind == .grammar)
        #expect(failure.shrunk.eventCount == 1)
        let source = failure.shrunk.sources[0]
        let firstTick = source.events[0].tick + (source.flavor == .cold ? failure.shrunk.subscribed : 0)
        #expect(failure.shrunk.disposed <= firstTick)
        // Its report is drawn; the same check while shrinking gives the verdict alone.
        #expect(!failure.failure.details.isEmpty)
        let quiet = Failure.$detailed.withValue(false) { grammar.check(failure.shrunk) }
        guard case .fail(let unspelled) = quiet else {
            Issue.record("the shrunk case passed")
            return
        }
        #expect(unspelled.kind == .grammar && unspelled.headline == failure.failure.headline)
        // No marbles: only the line naming the late event, the same as in the full report.
        #expect(unspelled.details.count == 1 && unspelled.details.first == failure.failure.details.last)
    }

    /// A hard-half mutant is invisible without the capability it names: with that taken away from
    /// its spec (and any that see the same bug from another side), every property passes it. So
    /// the capability, and nothing else, finds it.
    @Test(arguments: Mutant.hardHalf + Mutant.teardown + Mutant.sharing + Mutant.scale)
    func hardHalfMutant_isMissedWithoutItsCapability(_ mutant: Mutant) throws {
        let capability = try #require(mutant.needs)
        let spec = try #require(Catalog.spec(mutant.spec))
        let reduced = mutant.alsoSeenBy.reduce(spec.without(capability)) { $0.without($1) }.with(build: mutant.build)
        for property in reduced.standardProperties {
            #expect(Runner.run(property).failure == nil, "\(property.name) catches \(mutant.name) without \(capability)")
        }
    }

    /// A scale mutant is found by many sources alone too: without releases, hundreds of
    /// synchronous sources grow the stack past its budget, and the counterexample keeps more
    /// than the usual arity.
    @Test(arguments: Mutant.scale)
    func scaleMutant_isFoundByTheStackWithoutReleases(_ mutant: Mutant) throws {
        let spec = try #require(Catalog.spec(mutant.spec)).without(.releases).with(build: mutant.build)
        let property = try #require(spec.standardProperties.first { $0.name.hasSuffix(".matchesModel") })
        let failure = try #require(Runner.run(property, options: RunOptions(cases: 2_000)).failure)
        #expect(failure.failure.kind == .runaway)
        #expect(failure.shrunk.sources.count > spec.shape.sources.upperBound)
    }

    /// The small scope reaches re-entrant sharing too: each sharing mutant fails with one event,
    /// through a subscriber action the scope enumerates.
    @Test(arguments: Mutant.sharing)
    func sharingMutant_isCaughtByTheSmallScope(_ mutant: Mutant) throws {
        let spec = try #require(Catalog.spec(mutant.spec)).with(build: mutant.build)
        let failures = spec.standardProperties.compactMap { Runner.exhaust($0, scope: SmallScope(events: 1))?.failure }
        let failure = try #require(failures.first)
        #expect(failure.value.eventCount == 1)
        #expect(failure.value.subscriberAction != nil)
    }

    @Test func mutants_atLeastTwenty_withDistinctBugs() {
        #expect(Mutant.all.count >= 20)
        #expect(Set(Mutant.all.map(\.name)).count == Mutant.all.count)
    }

    /// The table in MUTANTS.md is regenerated by the same measurement; it must not drift.
    /// Set RXCHECK_UPDATE_MUTANT_TABLE=1 to rewrite it.
    @Test func mutantTable_matchesMeasurement() throws {
        var lines = [
            "# Mutants",
            "",
            "Deliberately broken operators (`Mutants.swift`) and what the catalog does with each at the",
            "default settings (200 cases, seed `\(SeedFormat.format(RunOptions().seed))`). Generated by",
            "`MutationTests.mutantTable_matchesMeasurement`; rerun with `RXCHECK_UPDATE_MUTANT_TABLE=1 swift test`.",
            "",
            "| mutant | caught by | cases to detect | shrunk events (hand minimum) | shrink calls |",
            "|---|---|---:|---:|---:|",
        ]
        for mutant in Mutant.all {
            let result = MutantResult.atDefaults(mutant)
            lines.append("| \(mutant.name) | `\(result?.property ?? "not caught")` | \(result?.casesToDetect ?? 0) | "
                         + "\(result?.shrunkEvents ?? -1) (\(mutant.minimumEvents)) | \(result?.shrinkCalls ?? 0) |")
        }
        let table = lines.joined(separator: "\n") + "\n"
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("MUTANTS.md")
        // What follows the marker (the guided-search table, from `rxcheck bench`) is kept as it is.
        let marker = "\n<!-- Below:"
        let current = try String(contentsOf: url, encoding: .utf8)
        let kept = current.range(of: marker).map { String(current[$0.lowerBound...]) } ?? ""
        if ProcessInfo.processInfo.environment["RXCHECK_UPDATE_MUTANT_TABLE"] == "1" {
            try (table + kept).write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == table + kept)
    }
}

extension OperatorSpec {
    /// The spec as the catalog was before `capability`.
    func without(_ capability: Mutant.Capability) -> OperatorSpec {
        var copy = self
        switch capability {
        case .independentSubscriptions:
            copy.checksIndependentSubscriptions = false
        case .disposalInsideOnNext:
            copy.checksDisposalInsideOnNext = false
        case .feedback:
            copy.checksFeedback = false
        case .feedbackIntoInners:
            copy.shape.feedsInners = false
        case .feedbackIntoOtherSources:
            copy.shape.feedsOtherSources = false
        case .quietAfterEnd:
            copy.checksQuietAfterEnd = false
        case .largeCases:
            copy.shape.largePercent = 0
            copy.shape.parameters = copy.shape.parameters.map { min($0.lowerBound, 99)...min($0.upperBound, 99) }
        case .operationOrder:
            copy.checksOperationOrder = false
        case .releases:
            copy.checksReleases = false
        case .subscriberActions:
            copy.shape.subscriberActionPercent = 0
        case .manySources:
            copy.shape.manySourcesPercent = 0
        case .behaviorSources:
            copy.shape.behaviorSources = false
        case .synchronousSources:
            if case .mixedWithSynchronous = copy.shape.flavors { copy.shape.flavors = .mixed }
            if case .mixedWithSynchronous = copy.shape.innerFlavors { copy.shape.innerFlavors = .mixed }
            // Many sources are synchronous in part, whatever the flavours.
            copy.shape.manySourcesPercent = 0
        }
        return copy
    }
}
