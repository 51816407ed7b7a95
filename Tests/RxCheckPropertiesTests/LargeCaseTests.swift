import Testing
import RxCheck
import RxCheckMutants
import RxCore
import RxTestKit

/// Large cases run on a big stack and report how deep it went, so recursion per event is a
/// located failure rather than a crash of the checker.
@Suite struct LargeCaseTests {
    /// One cold inner that completes later, then 10,000 elements standing for a `just`.
    static let scenario = Scenario(
        sources: [SourceTimeline(.synchronous, [TimelineEvent(0, .next(0))] + Array(repeating: TimelineEvent(0, .next(1)), count: 10_000))],
        inners: [SourceTimeline(.cold, [TimelineEvent(10, .completed)]),
                 SourceTimeline(.synchronous, [TimelineEvent(0, .next(1)), TimelineEvent(0, .completed)])])

    @Test func concatOuter_overManySynchronousInners_staysShallow() {
        let run = Self.scenario.run { context in context.sources[0].map { context.inner($0) }.concat() }
        #expect(run.outcome.events.count == 10_000)
        #expect(run.stackDepth < ScenarioCheck.stackBudget)
    }

    @Test func recursingConcat_goesPastTheStackBudget_andFailsAsARunaway() throws {
        let build: ScenarioBuild<Int> = { context in Mutants.concatRecursesPerInner(context.sources[0].map { context.inner($0) }) }
        let run = Self.scenario.run(build)
        #expect(run.outcome.events.count == 10_000)
        #expect(run.stackDepth > ScenarioCheck.stackBudget)
        let verdict = ScenarioCheck.obeysGrammar(Self.scenario, build: build)
        guard case .fail(let failure) = verdict else { Issue.record("not a failure: \(verdict)"); return }
        #expect(failure.kind == .runaway)
        #expect(failure.headline.contains("recursion"))
    }
}
