import AsyncAlgorithmsMutants
import AsyncAlgorithmsProperties
import RxCheck
import RxTestKit
import Testing

/// Every mutant — an async operator with one deliberate mistake — is caught by the property it
/// names within the default 200 cases, and shrunk to its hand-derived minimum.
@Suite struct MutationTests {
    @Test(arguments: AsyncMutant.all.map(\.name))
    func mutant_isCaughtAndShrunkToItsMinimum(_ name: String) throws {
        let mutant = try #require(AsyncMutant.all.first { $0.name == name })
        let spec = try #require(AsyncCatalog.spec(mutant.spec), "no catalog entry \(mutant.spec)")
        let broken = spec.with(name: "mutant.\(mutant.name)", build: mutant.build)
        let aspect = String(mutant.caughtBy.dropFirst(mutant.spec.count + 1))
        let property = try #require(broken.properties.first { $0.name == "mutant.\(mutant.name).\(aspect)" },
                                    "no property \(mutant.caughtBy)")
        let failure = try #require(Runner.run(property).failure, "\(mutant.caughtBy) did not catch \(mutant.name)")
        #expect(failure.shrunk.eventCount <= mutant.minimalEvents,
                "\(mutant.name): shrunk to \(failure.shrunk.eventCount) events, hand-derived minimum \(mutant.minimalEvents)")
        // Shrinking reduces the schedule too, to the picks the failure needs and no more.
        var picks = Array(failure.shrunk.parameters.dropFirst(spec.shape.parameters.count + 1))
        while picks.last == 0 { picks.removeLast() }
        #expect(picks == mutant.minimalPicks, "\(mutant.name): the shrunk schedule keeps picks \(picks)")
    }

    /// The same property passes on the library's operator: the catch is the mutant's doing.
    @Test(arguments: AsyncMutant.all.map(\.name))
    func realOperator_passesTheCatchingProperty(_ name: String) throws {
        let mutant = try #require(AsyncMutant.all.first { $0.name == name })
        let property = try #require(AsyncCatalog.property(named: mutant.caughtBy))
        #expect(Runner.run(property).failure == nil, "\(mutant.caughtBy) fails on swift-async-algorithms itself")
    }

    @Test func atLeastTenMutants_overDistinctOperators() {
        #expect(AsyncMutant.all.count >= 10)
        #expect(Set(AsyncMutant.all.map(\.spec)).count >= 9)
        // At least one needs a schedule other than the oldest-first order to show.
        #expect(AsyncMutant.all.contains { !$0.minimalPicks.isEmpty })
    }
}

/// The catalog on its embedded defaults: every property passes but those of a known failure.
@Suite struct CatalogTests {
    @Test(arguments: AsyncCatalog.all.map(\.name))
    func property_passesUnlessAFindingSaysOtherwise(_ name: String) throws {
        let property = try #require(AsyncCatalog.property(named: name))
        let failure = Runner.run(property).failure
        if let finding = AsyncCatalog.knownFailures[name] {
            #expect(failure != nil, "\(name) passes now: swift-async-algorithms may have fixed \(finding); update FINDINGS.md")
        } else {
            #expect(failure == nil, "\(name) failed: \(failure.map { $0.failure.headline } ?? "")")
        }
    }

    @Test func twentyOperatorsAndTypes_haveAModel() {
        let modelled = AsyncCatalog.all.filter { $0.name.hasSuffix(".matchesModel") }.map(\.group)
        #expect(Set(modelled).count >= 20)
    }

    @Test func everyOperatorHasTheModelFreeProperties() {
        for spec in AsyncCatalog.specs {
            let names = Set(spec.properties.map(\.name))
            for aspect in ["nothingAfterEnd", "cancels", "deterministic"] {
                #expect(names.contains("\(spec.name).\(aspect)"), "\(spec.name) lacks \(aspect)")
            }
            #expect(names.contains("\(spec.name).finishes") == spec.finishesWithSources)
        }
    }

    @Test func knownFailuresAndFindings_nameRealPropertiesAndOperators() {
        let names = Set(AsyncCatalog.all.map(\.name))
        for property in AsyncCatalog.knownFailures.keys { #expect(names.contains(property), "\(property)") }
        for finding in AsyncCatalog.findings { #expect(AsyncCatalog.spec(finding.spec) != nil, "\(finding.id): \(finding.spec)") }
    }
}
