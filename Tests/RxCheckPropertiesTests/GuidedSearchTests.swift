import Testing
import RxCheck
import RxCheckMutants
import RxCheckProperties
import RxCore
import RxTestKit

@Suite struct GuidedSearchTests {
    /// Until the blind cases are full size a guided search draws exactly the blind run's cases;
    /// after that it keeps a corpus and draws some cases by mutating it — the same ones in any
    /// run of the same seed.
    @Test func draws_blindCasesFirst_thenMutatesItsCorpus_deterministically() throws {
        let property = try #require(Catalog.property(named: "switchLatest.matchesModel"))
        let blind = Runner.run(property, options: RunOptions(cases: 100, seed: 7))
        let early = GuidedSearch.run(property, options: RunOptions(cases: 100, seed: 7))
        #expect(early.classes.map(\.label) == blind.classes.map(\.label))
        #expect(early.classes.map(\.count) == blind.classes.map(\.count))
        #expect(early.guidance?.mutated == 0)
        let first = GuidedSearch.run(property, options: RunOptions(cases: 400, seed: 7))
        let second = GuidedSearch.run(property, options: RunOptions(cases: 400, seed: 7))
        let guidance = try #require(first.guidance)
        #expect(guidance.corpus > 10 && guidance.mutated > 100)
        #expect(second.guidance?.corpus == guidance.corpus && second.guidance?.mutated == guidance.mutated)
        #expect(first.classes.map(\.count) == second.classes.map(\.count))
    }

    /// A failure a guided search finds is shrunk like a blind one, and found again at the same
    /// case by searching again from case 0.
    @Test func failure_isShrunk_andFoundAgainAtItsCase() throws {
        let mutant = try #require(Mutant.all.first { $0.name == "share() delivers to a subscriber disposed during the delivery" })
        let spec = try #require(Catalog.spec(mutant.spec)).with(build: mutant.build)
        let property = try #require(spec.standardProperties.first { $0.name == "share().obeysGrammar" })
        let options = RunOptions(cases: 1_000, seed: 3)
        let found = try #require(GuidedSearch.run(property, options: options).failure)
        #expect(found.shrunk.eventCount == mutant.minimumEvents)
        var again = options
        again.cases = found.caseIndex + 1
        #expect(GuidedSearch.run(property, options: again).failure?.caseIndex == found.caseIndex)
    }

    /// A run's signature is its behaviour: two runs of one case agree, a case that only changes
    /// values agrees, one with another element or an early completion does not.
    @Test func signature_followsBehaviourNotValues() {
        func signature(_ events: [TimelineEvent]) -> UInt64 {
            RunProbe.signature(of: Scenario(sources: [SourceTimeline(.hot, events)]).run { $0.sources[0].map { $0 + 1 } })
        }
        let base = signature([TimelineEvent(210, .next(1)), TimelineEvent(220, .next(2))])
        #expect(signature([TimelineEvent(210, .next(1)), TimelineEvent(220, .next(2))]) == base)
        #expect(signature([TimelineEvent(230, .next(7)), TimelineEvent(240, .next(8))]) == base)
        #expect(signature([TimelineEvent(210, .next(1))]) != base)
        #expect(signature([TimelineEvent(210, .next(1)), TimelineEvent(220, .completed)]) != base)
    }
}
