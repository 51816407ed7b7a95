// RxSwift's findings as rules (Catalog/RxSwiftFindings.swift): on each finding's shrunk case
// the rule turns the model's prediction (or the run) into exactly what RxSwift 6.10.2 recorded
// (FINDINGS.md), a neighbouring case is left alone, and on RxCheck's own core — which has none
// of these bugs — a catalog tolerating a finding fails its cases: the rule is live, and expects
// the bug rather than excusing anything.

import Testing
import RxCheck
import RxCheckProperties
import RxSwiftCatalog
import RxTestKit

@Suite struct FindingsTests {
    /// F1's shrunk case: s0 a behavior source holding 0, s1 synchronous `|`.
    static let ambCase = Scenario(sources: [SourceTimeline(.behavior, [TimelineEvent(150, .next(0))]),
                                            SourceTimeline(.synchronous, [TimelineEvent(0, .completed)])])

    static func finding(_ id: String) throws -> RxSwiftFinding {
        try #require(RxSwiftCatalog.findings.first { $0.id == id })
    }

    static func model(_ spec: String, _ scenario: Scenario) throws -> Outcome<Int> {
        try #require(Catalog.spec(spec)).model(scenario)
    }

    @Test func f1_expectsWhatRxSwiftRecorded_onItsShrunkCase() throws {
        let predicted = try Self.model("amb", Self.ambCase)
        #expect(predicted.sourceLogs[0] == [Subscription(200, 1000)])
        let expected = try Self.finding("F1").expecting(Self.ambCase, predicted)
        #expect(expected.events == [Recorded(time: 200, value: .next(0))])
        #expect(expected.sourceLogs[0] == [Subscription(200, 200)])
        #expect(expected.steps == [.subscribe(.source(0)), .emit(0), .subscribe(.source(1)), .dispose(.source(0))])
    }

    @Test func f1_leavesALoserThatDoesNotTerminateAlone() throws {
        var scenario = Self.ambCase
        scenario.sources[1] = SourceTimeline(.synchronous, [TimelineEvent(0, .next(5))])
        let predicted = try Self.model("amb", scenario)
        #expect(try Self.finding("F1").expecting(scenario, predicted) == predicted)
    }

    /// F2's shrunk case: the fallback `(0|)` delivers at the timeout, the observer disposes on 0.
    static let timeoutCase = Scenario(sources: [SourceTimeline(.hot, []),
                                                SourceTimeline(.synchronous, [TimelineEvent(0, .next(0)), TimelineEvent(0, .completed)])],
                                      parameters: [0], disposeInsideAfter: 1)

    @Test func f2_explainsExactlyTheFallbacksRest() throws {
        let outcome = Outcome<Int>(events: [Recorded(time: 201, value: .next(0))], sourceLogs: [[Subscription(200, 201)], []])
        let leaked = ScenarioRun(outcome: outcome, eventsAfterDispose: [Recorded(time: 201, value: .completed)])
        let f2 = try Self.finding("F2")
        #expect(f2.explaining(Self.timeoutCase, leaked).eventsAfterDispose.isEmpty)
        // Anything else after the dispose stays unexplained.
        let other = ScenarioRun(outcome: outcome, eventsAfterDispose: [Recorded(time: 201, value: .next(7))])
        #expect(f2.explaining(Self.timeoutCase, other).eventsAfterDispose.count == 1)
        let later = ScenarioRun(outcome: outcome, eventsAfterDispose: [Recorded(time: 202, value: .completed)])
        #expect(f2.explaining(Self.timeoutCase, later).eventsAfterDispose.count == 1)
    }

    /// F3's shrunk case: s0 hot `-0`, the observer sends 0 back at its first event.
    @Test func f3_expectsTheFedBackElement_onItsShrunkCase() throws {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(0))])],
                                feedback: Scenario.Feedback(after: 1, value: 0))
        let expected = try Self.finding("F3").expecting(scenario, try Self.model("first", scenario))
        #expect(expected.events == [Recorded(time: 210, value: .next(0)), Recorded(time: 210, value: .next(0)),
                                    Recorded(time: 210, value: .completed)])
        // A source that completes empty has nothing to feed back into: the prediction stands.
        let empty = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .completed)])],
                             feedback: Scenario.Feedback(after: 1, value: 0))
        let predicted = try Self.model("first", empty)
        #expect(try Self.finding("F3").expecting(empty, predicted) == predicted)
    }

    /// Tolerating F1 and F3 on RxCheck's core, which has neither bug, fails their properties:
    /// the rules pick out real cases and expect the bug there.
    @Test(arguments: ["F1": "amb.matchesModel", "F3": "first.feedback"].sorted(by: <))
    func aToleratedFinding_failsOnACoreWithoutTheBug(_ finding: (key: String, value: String)) throws {
        let tolerated = RxSwiftCatalog.properties(tolerating: [try Self.finding(finding.key)])
        let property = try #require(tolerated.first { $0.name == finding.value })
        #expect(Runner.run(property).failure != nil)
    }
}
