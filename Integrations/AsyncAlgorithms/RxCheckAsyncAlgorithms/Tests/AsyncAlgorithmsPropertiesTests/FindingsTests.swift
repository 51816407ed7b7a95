import AsyncAlgorithmsModels
import AsyncAlgorithmsProperties
import RxCheck
import RxCheckAsync
import RxTestKit
import Testing

/// Each finding's shrunk case, run as RxCheck runs it: it shows exactly the finding's symptom,
/// the finding's rule recognises it, and judged strictly the property it breaks fails.
@Suite struct FindingsTests {
    /// Parameters: the operator's own, the consumer's pace, the schedule's picks.
    func run(_ spec: String, _ scenario: Scenario) throws -> (AsyncRun, AsyncSpec) {
        let strict = try #require(AsyncCatalog.specs(tolerating: []).first { $0.name == spec })
        return (strict.subject.run(scenario), strict)
    }

    func excused(_ id: String, _ spec: String, _ scenario: Scenario, _ run: AsyncRun) -> Bool {
        AsyncCatalog.findings.filter { $0.id == id && $0.spec == spec }.contains { $0.excuse(scenario, run) != nil }
    }

    func fails(_ property: String, _ spec: AsyncSpec, _ scenario: Scenario) throws -> Bool {
        let check = try #require(spec.properties.first { $0.name == property })
        return check.check(scenario).isFailure
    }

    @Test func a1_flatMapLatest_cancelLeavesTheBaseIterated() throws {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [])], inners: [SourceTimeline(.cold, [])], parameters: [0])
        let (result, spec) = try run("flatMapLatest", scenario)
        #expect(result.sourceIterations[0].map(\.description) == ["(200, open, waiting in next())"])
        #expect(excused("A1", "flatMapLatest", scenario, result))
        #expect(try fails("flatMapLatest.cancels", spec, scenario))
        #expect(try !fails("flatMapLatest.cancels", spec.tolerating(AsyncCatalog.findings), scenario))
    }

    @Test func a2_flatMapLatest_losesTheBasesErrorAsTheInnerEmits() throws {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [.init(210, .next(0)), .init(220, .error(1))])],
                                inners: [SourceTimeline(.cold, [.init(10, .next(0))])], parameters: [0, 1, 1])
        let (result, spec) = try run("flatMapLatest", scenario)
        #expect(result.outcome.events.map(\.description) == ["220: next(0)", "220: completed"])
        #expect(result.sourceIterations[0].map(\.description) == ["(200, 220 threw)"])
        #expect(excused("A2", "flatMapLatest", scenario, result))
        #expect(try fails("flatMapLatest.matchesModel", spec, scenario))
    }

    @Test func a3_flatMapLatest_stopsTakingTheBase() throws {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [.init(210, .next(0)), .init(220, .next(0)), .init(230, .next(0))])],
                                inners: [SourceTimeline(.cold, [.init(10, .next(0))])], parameters: [0, 1, 1, 0, 1, 1])
        let (result, spec) = try run("flatMapLatest", scenario)
        #expect(result.outcome.events.map(\.description) == ["220: next(0)", "230: next(0)", "1000: completed"])
        #expect(result.sourceIterations[0].map(\.description) == ["(200, open)"])
        #expect(try fails("flatMapLatest.matchesModel", spec, scenario))
    }

    @Test func a4_share_rethrowsAtEveryLaterCall() throws {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [.init(210, .error(1))])], parameters: [0])
        let (result, spec) = try run("share", scenario)
        #expect(result.afterEnd == ["throw TestError(1)", "throw TestError(1)"])
        #expect(excused("A4", "share", scenario, result))
        #expect(try fails("share.nothingAfterEnd", spec, scenario))
    }

    @Test func a5_share_cancelledAsAnElementArrives_leavesTheBaseIterated() throws {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [.init(210, .next(0))])], disposed: 210, parameters: [0])
        let (result, spec) = try run("share", scenario)
        #expect(result.sourceIterations[0].map(\.description) == ["(100, open)"])
        #expect(excused("A5", "share", scenario, result))
        #expect(try fails("share.cancels", spec, scenario))
    }

    @Test func a6_debounce_cancelledBetweenCalls_leavesTheBaseIterated() throws {
        let scenario = Scenario(sources: [SourceTimeline(.cold, [.init(10, .next(0))])], disposed: 220, parameters: [7, 3])
        let (result, spec) = try run("debounce", scenario)
        #expect(result.sourceIterations[0].map(\.description) == ["(200, open, waiting in next())"])
        #expect(excused("A6", "debounce", scenario, result))
        #expect(try fails("debounce.cancels", spec, scenario))
    }

    @Test func a7_debounce_losesAnErrorAsTheElementFallsDue() throws {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [.init(210, .next(0)), .init(240, .error(1))])], parameters: [30, 0])
        let (result, spec) = try run("debounce", scenario)
        #expect(result.outcome.events.map(\.description) == ["240: next(0)", "240: completed"])
        #expect(excused("A7", "debounce", scenario, result))
        #expect(try fails("debounce.matchesModel", spec, scenario))
    }

    @Test func a8_channels_giveMoreAfterTheNilOfACancel() throws {
        let element = Scenario(sources: [SourceTimeline(.hot, [.init(220, .next(0))])], disposed: 220, parameters: [0, 1])
        let (result, spec) = try run("channel", element)
        #expect(result.afterEnd == ["0"])
        #expect(excused("A8", "channel", element, result))
        #expect(try fails("channel.nothingAfterEnd", spec, element))
        let failure = Scenario(sources: [SourceTimeline(.hot, [.init(210, .error(1))])], disposed: 210, parameters: [0, 1])
        let (thrown, _) = try run("throwingChannel", failure)
        #expect(thrown.afterEnd == ["throw TestError(1)"])
        #expect(excused("A8", "throwingChannel", failure, thrown))
    }

    /// A rule never excuses a run that does not show its finding.
    @Test func rulesLeaveOtherRunsAlone() throws {
        let plain = Scenario(sources: [SourceTimeline(.hot, [.init(210, .next(1)), .init(220, .completed)])], parameters: [0])
        for finding in AsyncCatalog.findings {
            var scenario = plain
            if finding.spec == "debounce" { scenario.parameters = [5, 0] }
            if finding.spec == "flatMapLatest" { scenario.inners = [SourceTimeline(.cold, [.init(0, .completed)])] }
            let (result, _) = try run(finding.spec, scenario)
            #expect(finding.excuse(scenario, result) == nil, "\(finding.id) excuses a plain run of \(finding.spec)")
        }
    }
}
