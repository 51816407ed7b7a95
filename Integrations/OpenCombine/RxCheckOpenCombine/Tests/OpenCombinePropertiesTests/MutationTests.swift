import Testing
import OpenCombineMutants
import OpenCombineProperties
import RxCheck
import RxTestKit

/// Every mutant — a Combine-style operator with one deliberate mistake — is caught by the property
/// it names within the default 200 cases, and shrunk to its hand-derived minimum.
@Suite struct MutationTests {
    @Test(arguments: CombineMutant.all.map(\.name))
    func mutant_isCaughtAndShrunkToItsMinimum(_ name: String) throws {
        let mutant = try #require(CombineMutant.all.first { $0.name == name })
        let spec = try #require(OpenCombineCatalog.spec(mutant.spec), "no catalog entry \(mutant.spec)")
        let broken = spec.with(name: "mutant.\(mutant.name)", build: mutant.build)
        let aspect = String(mutant.caughtBy.dropFirst(mutant.spec.count + 1))
        let property = try #require(broken.properties.first { $0.name == "mutant.\(mutant.name).\(aspect)" },
                                    "no property \(mutant.caughtBy)")
        let failure = try #require(Runner.run(property).failure, "\(mutant.caughtBy) did not catch \(mutant.name)")
        #expect(failure.shrunk.eventCount <= mutant.minimalEvents,
                "\(mutant.name): shrunk to \(failure.shrunk.eventCount) events, hand-derived minimum \(mutant.minimalEvents)")
    }

    /// The same property passes on the real OpenCombine operator: the catch is the mutant's doing.
    @Test(arguments: CombineMutant.all.map(\.name))
    func realOperator_passesTheCatchingProperty(_ name: String) throws {
        let mutant = try #require(CombineMutant.all.first { $0.name == name })
        let property = try #require(OpenCombineCatalog.all.first { $0.name == mutant.caughtBy })
        #expect(Runner.run(property).failure == nil, "\(mutant.caughtBy) fails on OpenCombine itself")
    }

    @Test func atLeastTenMutants_overDistinctOperators() {
        #expect(CombineMutant.all.count >= 10)
        #expect(Set(CombineMutant.all.map(\.spec)).count >= 9)
    }
}

/// The catalog on its embedded defaults: every property passes, OpenCombine's known findings
/// tolerated each by its own rule.
@Suite struct CatalogTests {
    @Test(arguments: OpenCombineCatalog.all.map(\.name))
    func property_passesOnTheDefaults(_ name: String) throws {
        let property = try #require(OpenCombineCatalog.property(named: name))
        let failure = Runner.run(property).failure
        #expect(failure == nil, "\(name) failed: \(failure.map { $0.failure.headline } ?? "")")
    }

    @Test func atLeastTwentyFiveOperators_haveAModel() {
        let modelled = OpenCombineCatalog.all.filter { $0.name.hasSuffix(".matchesModel") }.map(\.group)
        #expect(Set(modelled).count >= 25)
    }

    @Test func findings_nameRealOperators() {
        let names = Set(OpenCombineCatalog.specs.map(\.name))
        for finding in OpenCombineCatalog.findings { #expect(names.contains(finding.spec), "\(finding.id): \(finding.spec)") }
    }
}
