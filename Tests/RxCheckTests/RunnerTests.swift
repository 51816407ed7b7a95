import Foundation
import Testing
import RxCheck
import RxCheckTesting
import RxCore
import RxModels
import RxTestKit

/// A withLatestFrom that keeps a stale value: written here as a user would write an operator.
private func staleWithLatestFrom(_ first: Observable<Int>, _ second: Observable<Int>) -> Observable<Int> {
    Observable.create { observer in
        var latest: Int?
        let a = second.subscribe(onNext: { if latest == nil { latest = $0 } }, onError: observer.onError)
        let b = first.subscribe(onNext: { _ in if let latest { observer.onNext(latest) } },
                                onError: observer.onError, onCompleted: observer.onCompleted)
        return Disposables.create(a, b)
    }
}

private var withLatestFromProperty: Property<Scenario> {
    Property.scenario("user.withLatestFrom", summary: "a hand-written withLatestFrom matches the model", shape: .hot(2)) {
        ScenarioCheck.matchesModel($0, build: { staleWithLatestFrom($0.sources[0], $0.sources[1]) },
                                   model: { WithLatestFromModel.outcome($0) { $1 } })
    }
}

@Suite struct RunnerTests {
    @Test func brokenWithLatestFrom_isFoundAndShrunkToItsMinimumPlusOne() throws {
        let report = Runner.run(withLatestFromProperty)
        let failure = try #require(report.failure)
        #expect(failure.caseIndex < 200)
        // By hand: second emits twice (two different values), then first emits once — 3 events.
        #expect(failure.shrunk.eventCount <= 3 + 1)
        #expect(failure.shrinkCalls > 0 && failure.shrinkCalls <= RunOptions().maxShrinkCalls)
    }

    /// Without details a mismatch keeps its kind and headline and skips the marbles and diff.
    @Test func mismatch_withoutDetails_isTheSameVerdictUnspelled() throws {
        let shrunk = try #require(Runner.run(withLatestFromProperty).failure).shrunk
        let quiet = Failure.$detailed.withValue(false) { withLatestFromProperty.check(shrunk) }
        let full = withLatestFromProperty.check(shrunk)
        guard case .fail(let quiet) = quiet, case .fail(let full) = full else {
            Issue.record("the shrunk case passed")
            return
        }
        #expect(quiet.kind == full.kind && quiet.headline == full.headline)
        #expect(quiet.details.isEmpty && quiet.rows.isEmpty)
        #expect(!full.details.isEmpty && !full.rows.isEmpty)
    }

    @Test func sameSeed_sameReport_bytes() {
        let first = ReportFormatter.failureText(Runner.run(withLatestFromProperty), property: withLatestFromProperty)
        let second = ReportFormatter.failureText(Runner.run(withLatestFromProperty), property: withLatestFromProperty)
        #expect(first == second)
        #expect(first.contains("replay: RXCHECK_SEED=5eed000020260001 RXCHECK_CASE="))
    }

    @Test func onlyCase_replaysExactlyTheFailingCase() throws {
        let full = try #require(Runner.run(withLatestFromProperty).failure)
        var options = RunOptions()
        options.onlyCase = full.caseIndex
        let replay = try #require(Runner.run(withLatestFromProperty, options: options).failure)
        #expect(replay.original == full.original)
        #expect(replay.shrunk == full.shrunk)
    }

    /// Verbose, the report adds each pass's calls and steps, which add up to the shrink's,
    /// and the candidates judged without a call.
    @Test func verboseReport_countsEachPassAndTheReusedVerdicts() throws {
        let report = Runner.run(withLatestFromProperty)
        let failure = try #require(report.failure)
        let text = ReportFormatter.failureText(report, property: withLatestFromProperty, verbose: true)
        let counters = text.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /\ {4}.+: ([0-9]+) calls, ([0-9]+) steps/).map { (Int($0.1)!, Int($0.2)!) }
        }
        #expect(counters.map(\.0).reduce(0, +) == failure.shrinkCalls)
        #expect(counters.map(\.1).reduce(0, +) == failure.shrinkSteps)
        #expect(failure.shrinkReused > 0)
        #expect(text.contains("    \(failure.shrinkReused) more candidates drew a case already checked, and were not run again"))
    }

    @Test func report_drawsMarblesExpectedActualAndFirstDifference() throws {
        let report = Runner.run(withLatestFromProperty)
        let text = ReportFormatter.failureText(report, property: withLatestFromProperty)
        let lines = text.split(separator: "\n").map(String.init)
        func line(_ pattern: String) -> Bool { lines.contains { $0.wholeMatch(of: try! Regex(pattern)) != nil } }
        #expect(lines.first?.hasPrefix("✗ user.withLatestFrom falsified by case ") == true)
        #expect(line("  output differs from the model"))
        #expect(line("    s0 hot  [-0-9()|#]+"))
        #expect(line("    s1 hot  [-0-9()|#]+"))
        #expect(line("    expected  [-0-9()|#]+"))
        #expect(line("    actual    [-0-9()|#]+"), "\(text)")
        #expect(line("    first difference: event #[0-9]+: expected .+, actual .+"))
        #expect(line("  shrunk from [0-9]+ to [0-9]+ events in [0-9]+ calls \\([0-9]+ steps\\); stopped: .+"))
    }

    @Test func runawayOperator_isReportedAsAFailure_notAHang() throws {
        let property = Property.scenario("user.runaway", summary: "never stops", shape: .hot(1)) { scenario in
            ScenarioCheck.obeysGrammar(scenario, stepBudget: 5_000) { context in
                Observable<Int>.create { _ in
                    func spin() { context.scheduler.scheduleAt(context.scheduler.clock) { spin() } }
                    spin()
                    return Disposables.create()
                }
            }
        }
        var options = RunOptions(cases: 3)
        options.maxShrinkCalls = 20
        let failure = try #require(Runner.run(property, options: options).failure)
        #expect(failure.failure.kind == .runaway)
        #expect(failure.failure.headline.contains("runaway"))
    }

    /// matchesModel models a small case first (its run follows the prediction, and a runaway
    /// is still failed as one), but runs a large case first: one that runs away is failed
    /// without its model, which shrinking a recursion's failure would otherwise pay per candidate.
    @Test func matchesModel_modelsALargeCaseOnlyWhenItsRunStaysWithinBudget() {
        func scenario(events: Int) -> Scenario {
            Scenario(sources: [SourceTimeline(.hot, (0..<events).map { TimelineEvent(201 + $0, .next($0)) })], disposed: 1_000)
        }
        let runaway: ScenarioBuild<Int> = { context in
            Observable<Int>.create { _ in
                func spin() { context.scheduler.scheduleAt(context.scheduler.clock) { spin() } }
                spin()
                return Disposables.create()
            }
        }
        let faithful: ScenarioBuild<Int> = { $0.sources[0].map { $0 + 1 } }
        for (events, build, modelled, fails) in [(10, runaway, 1, true), (10, faithful, 1, false),
                                                  (200, runaway, 0, true), (200, faithful, 1, false)] {
            var models = 0
            let verdict = ScenarioCheck.matchesModel(scenario(events: events), stepBudget: 5_000, build: build) { scenario in
                models += 1
                return MapModel.outcome(scenario) { $0 + 1 }
            }
            #expect(models == modelled, "\(events) events")
            #expect(verdict.isFailure == fails, "\(events) events")
            if fails, case .fail(let failure) = verdict { #expect(failure.kind == .runaway, "\(events) events") }
        }
    }

    @Test func shrinkBudget_isHonouredAndReported() throws {
        var options = RunOptions()
        options.maxShrinkCalls = 5
        let failure = try #require(Runner.run(withLatestFromProperty, options: options).failure)
        #expect(failure.shrinkCalls == 5)
        #expect(failure.shrinkStop == .shrinkCallBudget(5))
        #expect(failure.shrinkStop.sentence == "stopped: shrink budget of 5 calls used")
    }

    @Test func coverage_generatorWithoutCollisions_failsLoudly() {
        var shape = ScenarioShape.hot(2)
        shape.sameTickPercent = 0
        shape.maxGap = 1
        shape.maxEvents = 1
        let property = Property.scenario("user.cover", summary: "", shape: shape) { _ in .pass }
            .cover(50, ScenarioClass.sameTickInSource.rawValue)
        let report = Runner.run(property)
        #expect(!report.passed)
        #expect(report.coverageShortfalls.count == 1)
        #expect(ReportFormatter.passText(report).contains("insufficient coverage"))
    }

    /// Cases the generator rejects are neither checked nor classified, so they must not shrink the
    /// denominator of the class shares: a class every checked case falls in is at 100%.
    @Test func classShares_areOfThePassingCases_whenTheGeneratorRejectsSome() {
        struct Rejected: Error {}
        let digits = Gen<Int> { source in
            let digit = try Gen.int(in: 0...9).generate(source)
            if digit < 5 { throw Rejected() }
            return digit
        }
        let property = Property.forAll("user.rejecting", digits) { $0 >= 5 }
            .classified { _ in ["large"] }
            .cover(100, "large")
        let report = Runner.run(property)
        #expect(report.discarded > 0)
        #expect(report.passedCases == report.casesRun)
        #expect(report.coverageShortfalls.isEmpty)
        #expect(ReportFormatter.passText(report).contains("    100.0% large"))
    }

    @Test func passingRun_reportsCaseStatistics() {
        let property = Property.scenario("user.pass", summary: "", shape: .hot(2)) { _ in .pass }
        let report = Runner.run(property)
        #expect(report.passed)
        let text = ReportFormatter.passText(report)
        #expect(text.hasPrefix("✓ user.pass: stopped: 200 cases passed"))
        #expect(text.contains("% same-tick events across sources"))
    }

    @Test func environment_overridesAndRejectsMalformedValues() throws {
        let options = try RunOptions().applying(environment: ["RXCHECK_SEED": "ff", "RXCHECK_CASES": "7", "RXCHECK_CASE": "3"])
        #expect(options.seed == 255 && options.cases == 7 && options.onlyCase == 3)
        #expect(throws: OptionError("RXCHECK_SEED=zz is not a seed: expected 1 to 16 hex digits")) {
            try RunOptions().applying(environment: ["RXCHECK_SEED": "zz"])
        }
        #expect(throws: OptionError.self) { try RunOptions().applying(environment: ["RXCHECK_CASES": "0"]) }
        #expect(throws: OptionError.self) { try RunOptions().applying(environment: ["RXCHECK_CASES": "9223372036854775807"]) }
        #expect(throws: OptionError.self) { try RunOptions().applying(environment: ["RXCHECK_CASE": "-1"]) }
    }

    @Test func genericGenerators_shrinkWithoutAShrinker() throws {
        // "No list has a sum of 100 or more": the minimal counterexample is a single 100.
        let property = Property.forAll("user.sum", Gen.int(in: 0...1_000).array(count: 0...10)) { list in
            list.reduce(0, +) < 100
        }
        let failure = try #require(Runner.run(property).failure)
        #expect(failure.shrunk == [100])
    }

    @Test func differential_twoImplementationsDisagree() throws {
        let property = Property.scenario("user.diff", summary: "", shape: .hot(1)) { scenario in
            ScenarioCheck.differential(scenario, reference: { $0.sources[0].skip(1) },
                                       candidate: { $0.sources[0].filter { _ in true }.skip(2) })
        }
        let failure = try #require(Runner.run(property).failure)
        #expect(failure.failure.kind == .differential)
        #expect(failure.shrunk.eventCount <= 2)
    }

    @Test func swiftTestingAdapter_recordsTheIssueAtTheCallersLine() {
        let line = #line + 2
        withKnownIssue {
            check(withLatestFromProperty)
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains("falsified by case")
        }
    }
}
