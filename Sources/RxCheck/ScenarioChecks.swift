import RxCore
import RxTestKit

/// Builds the operator under test from the scenario's sources on the run's scheduler.
public typealias ScenarioBuild<Element> = (ScenarioContext) -> Observable<Element>

/// Runs the operator under test over a scenario by other means than `Scenario.run` — another
/// library's test scheduler through a bridge, say — and hands back what the checks read.
public typealias ScenarioRunner<Element: Equatable> = (Scenario) -> ScenarioRun<Element>

/// The standard checks over scenarios. Each returns a verdict whose failure carries the
/// expected and actual output as marbles on the scenario's grid, and an aligned diff.
public enum ScenarioCheck {
    /// Output events and the subscription log of every source equal the model's prediction;
    /// then, where the model predicts it, so does the order of operations within each tick.
    /// (Specialised for `Int`, the catalog's element: comparing two outcomes generically asks
    /// the runtime for metadata at every event.)
    @_specialize(where Element == Int)
    public static func matchesModel<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, build: @escaping ScenarioBuild<Element>,
        model: (Scenario) -> Outcome<Element>
    ) -> Verdict {
        let run: ScenarioRun<Element>
        let expected: Outcome<Element>
        if scenario.workload <= predictedRunEvents {
            // The model first: the run compares its output with the prediction as it goes, and
            // stores none of it while the two agree.
            expected = model(scenario)
            run = scenario.run(stepBudget: stepBudget, stackBudget: stackBudget,
                               predicted: expected.events, predictedSteps: expected.steps,
                               logsReleases: expected.stepsIncludeReleases, build)
            if let overrun = overrun(run, stepBudget) { return .fail(overrun) }
        } else {
            // The run first: one that overruns its budgets needs no model.
            run = scenario.run(stepBudget: stepBudget, stackBudget: stackBudget, build)
            if let overrun = overrun(run, stepBudget) { return .fail(overrun) }
            expected = model(scenario)
        }
        return judged(scenario, run: run, expected: expected)
    }

    /// What the checks that take a build run: `build` on RxCore (`Scenario.run`), with the
    /// checks' step budget and stack budget.
    public static func runner<Element: Equatable>(_ build: @escaping ScenarioBuild<Element>,
                                                  stepBudget: Int = 100_000) -> ScenarioRunner<Element> {
        { $0.run(stepBudget: stepBudget, stackBudget: stackBudget, build) }
    }

    /// `matchesModel` for a run made by `run`: its output and logs equal the model's, and —
    /// where the run recorded its steps — so does their order within each tick.
    public static func matchesModel<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, run: ScenarioRunner<Element>,
        model: (Scenario) -> Outcome<Element>
    ) -> Verdict {
        let made = run(scenario)
        if let overrun = overrun(made, stepBudget) { return .fail(overrun) }
        return judged(scenario, run: made, expected: model(scenario))
    }

    private static func judged<Element: Equatable>(_ scenario: Scenario, run: ScenarioRun<Element>,
                                                   expected: Outcome<Element>) -> Verdict {
        guard run.outcome == expected else {
            return .fail(mismatch("output differs from the model", scenario: scenario,
                                  expected: expected, actual: run.outcome))
        }
        if let predicted = expected.steps(comparableWith: run.outcome), let happened = run.outcome.steps(comparableWith: expected),
           let failure = orderMismatch(scenario, expected: predicted, actual: happened, outcome: run.outcome) {
            return .fail(failure)
        }
        return .pass
    }

    /// The most work (events, and parameters in the thousands: `Scenario.workload`) a case may
    /// have for `matchesModel` to run its model first, and the run to follow the prediction
    /// (see `Scenario.run(predicted:)`) — as good as every case a property draws. A run that
    /// overruns its step or stack budget needs no model, and going past the stack budget takes
    /// a hundred events or more (one level each): a larger case runs first, so shrinking a
    /// recursion's failure does not model every candidate.
    static let predictedRunEvents = 64

    /// The failure for operations done in another order than predicted (compared in canonical
    /// form), showing the steps around the first difference; nil when they agree.
    static func orderMismatch<Element: Equatable>(
        _ scenario: Scenario, expected: [RunStep], actual: [RunStep], outcome: Outcome<Element>
    ) -> Failure? {
        // Equal as they are is equal in canonical form (the usual case: nothing to sort).
        if expected == actual { return nil }
        let wanted = RunStep.canonical(expected)
        let got = RunStep.canonical(actual)
        guard wanted != got else { return nil }
        let index = zip(wanted, got).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset ?? min(wanted.count, got.count)
        let from = max(0, index - 3)
        func steps(_ list: [RunStep]) -> String {
            let shown = list[min(from, list.count)..<min(index + 4, list.count)].map(\.description)
            return (from > 0 ? "… " : "") + shown.joined(separator: ", ") + (index + 4 < list.count ? " …" : "")
        }
        let what = { (list: [RunStep]) in index < list.count ? list[index].description : "nothing" }
        return Failure(.order, "operations in another order than the model's",
                       details: spelledOut(drawing(scenario, actual: outcome))
                           + ["expected steps: " + steps(wanted), "actual steps:   " + steps(got),
                              "first difference: step #\(index + 1): expected \(what(wanted)), actual \(what(got))"],
                       rows: [row("actual", outcome.events)])
    }

    /// Several subscriptions to one operator output are independent runs (SEMANTICS 1.3): each
    /// subscriber's output equals the model run over its own window alone, and the source logs
    /// hold every run's entries. Logs are compared as sorted lists, since runs that subscribe a
    /// source at one tick may do so in either order. Catches state shared by mistake between
    /// subscriptions (a counter, an accumulator, a timer).
    public static func matchesIndependentRuns<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, build: @escaping ScenarioBuild<Element>,
        model: (Scenario) -> Outcome<Element>
    ) -> Verdict {
        matchesIndependentRuns(scenario, stepBudget: stepBudget, run: runner(build, stepBudget: stepBudget), model: model)
    }

    /// `matchesIndependentRuns` for a run made by `run`.
    public static func matchesIndependentRuns<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, run made: ScenarioRunner<Element>,
        model: (Scenario) -> Outcome<Element>
    ) -> Verdict {
        let run = made(scenario)
        if let overrun = overrun(run, stepBudget) { return .fail(overrun) }
        let windows = [Subscription(scenario.subscribed, scenario.disposed)] + scenario.extraSubscribers
        let runs = windows.map { window in
            var alone = scenario
            alone.subscribed = window.subscribe
            alone.disposed = window.unsubscribe
            alone.extraSubscribers = []
            return model(alone)
        }
        func merged(_ logs: [[[Subscription]]]) -> [[Subscription]] {
            guard let first = logs.first else { return [] }
            return first.indices.map { index in sortedLog(logs.flatMap { $0[index] }) }
        }
        let expected = Outcome(events: runs[0].events, sourceLogs: merged(runs.map { $0.sourceLogs }),
                               innerLogs: merged(runs.map { $0.innerLogs }), extraEvents: runs.dropFirst().map { $0.events })
        var actual = run.outcome
        actual.sourceLogs = actual.sourceLogs.map(sortedLog)
        actual.innerLogs = actual.innerLogs.map(sortedLog)
        guard actual != expected else { return .pass }
        return .fail(mismatch("a subscriber's run differs from the model run over its window alone", scenario: scenario,
                              expected: expected, actual: actual))
    }

    private static func sortedLog(_ log: [Subscription]) -> [Subscription] {
        log.sorted { ($0.subscribe, $0.unsubscribe) < ($1.subscribe, $1.unsubscribe) }
    }

    /// Nothing after a terminal event, and nothing delivered after the harness disposed.
    public static func obeysGrammar<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, build: @escaping ScenarioBuild<Element>
    ) -> Verdict {
        obeysGrammar(scenario, stepBudget: stepBudget, run: runner(build, stepBudget: stepBudget))
    }

    /// `obeysGrammar` for a run made by `run`.
    public static func obeysGrammar<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, run made: ScenarioRunner<Element>
    ) -> Verdict {
        let run = made(scenario)
        if let overrun = overrun(run, stepBudget) { return .fail(overrun) }
        for events in [run.outcome.events] + run.outcome.extraEvents {
            if let terminal = events.firstIndex(where: { $0.value.isStopEvent }), terminal < events.count - 1 {
                return .fail(Failure(.grammar, "event after the terminal event",
                                     details: spelledOut(drawing(scenario, actual: run.outcome))
                                         + ["terminal: \(events[terminal])", "then:     \(events[terminal + 1])"],
                                     rows: [row("actual", events)]))
            }
        }
        if let late = run.eventsAfterDispose.first {
            return .fail(Failure(.grammar, "event after dispose at \(scenario.disposed)",
                                 details: spelledOut(drawing(scenario, actual: run.outcome)) + ["after dispose: \(late)"],
                                 rows: [row("actual", run.outcome.events + run.eventsAfterDispose)]))
        }
        return .pass
    }

    /// Every source subscription ends no later than the output's terminal event, or the
    /// dispose tick when the output does not terminate before it — plus `grace` ticks for
    /// operators that unsubscribe through a scheduler (`subscribe(on:)`). With `quiet`, nothing
    /// the operator scheduled (a timer, a hop) runs after that end either: the operator leaves
    /// no armed timer behind.
    public static func cleansUp<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, grace: Int = 0, quiet: Bool = true,
        build: @escaping ScenarioBuild<Element>
    ) -> Verdict {
        cleansUp(scenario, stepBudget: stepBudget, grace: grace, quiet: quiet, run: runner(build, stepBudget: stepBudget))
    }

    /// `cleansUp` for a run made by `run` (a run that tracked no timers checks the logs only).
    public static func cleansUp<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, grace: Int = 0, quiet: Bool = true,
        run made: ScenarioRunner<Element>
    ) -> Verdict {
        let run = made(scenario)
        if let overrun = overrun(run, stepBudget) { return .fail(overrun) }
        // Each subscriber is done at its terminal or its dispose; sources must be released by
        // the time the last one is done.
        let windows = [Subscription(scenario.subscribed, scenario.disposed)] + scenario.extraSubscribers
        let ends = zip(windows, [run.outcome.events] + run.outcome.extraEvents).map { window, events in
            min(events.first(where: { $0.value.isStopEvent })?.time ?? window.unsubscribe, window.unsubscribe)
        }
        let terminalTick = ends.count == 1 ? run.outcome.events.first(where: { $0.value.isStopEvent })?.time : nil
        let deadline = (ends.max() ?? scenario.disposed) + grace
        let logs = run.outcome.sourceLogs.enumerated().map { (SourceName.source($0.offset), $0.element) }
            + run.outcome.innerLogs.enumerated().map { (SourceName.inner($0.offset), $0.element) }
        let when = terminalTick.map { "the output ended at \($0)" } ?? "dispose at \(scenario.disposed)"
        for (name, log) in logs {
            for entry in log where entry.unsubscribe > deadline {
                return .fail(Failure(.cleanup, "\(name) subscription \(entry) outlives \(when)",
                                     details: spelledOut(drawing(scenario, actual: run.outcome)),
                                     rows: [row("actual", run.outcome.events)]))
            }
        }
        if quiet, let late = run.timersAfterEnd.first(where: { $0 > deadline }) {
            return .fail(Failure(.cleanup, "an action scheduled by the operator ran at \(late), after \(when)",
                                 details: spelledOut(drawing(scenario, actual: run.outcome))
                                     + ["scheduled actions run after the end at: "
                                        + run.timersAfterEnd.map(String.init).joined(separator: ", ")],
                                 rows: [row("actual", run.outcome.events)]))
        }
        return .pass
    }

    /// Two runs of the same case record identical outputs and logs.
    public static func deterministic<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, build: @escaping ScenarioBuild<Element>
    ) -> Verdict {
        deterministic(scenario, stepBudget: stepBudget, run: runner(build, stepBudget: stepBudget))
    }

    /// `deterministic` for runs made by `run`.
    public static func deterministic<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, run made: ScenarioRunner<Element>
    ) -> Verdict {
        let first = made(scenario)
        let second = made(scenario)
        if let overrun = overrun(first, stepBudget) { return .fail(overrun) }
        guard first.outcome == second.outcome else {
            return .fail(mismatch("two runs of one case differ", kind: .nondeterministic, scenario: scenario,
                                  expected: first.outcome, actual: second.outcome, labels: ("first", "second")))
        }
        if first.outcome.steps != second.outcome.steps,
           var failure = orderMismatch(scenario, expected: first.outcome.steps ?? [],
                                       actual: second.outcome.steps ?? [], outcome: second.outcome) {
            failure.kind = .nondeterministic
            failure.headline = "two runs of one case did their operations in different orders"
            return .fail(failure)
        }
        return .pass
    }

    /// Two implementations agree on output and logs — no model needed.
    public static func differential<Element: Equatable>(
        _ scenario: Scenario, stepBudget: Int = 100_000, reference: @escaping ScenarioBuild<Element>,
        candidate: @escaping ScenarioBuild<Element>
    ) -> Verdict {
        let expected = scenario.run(stepBudget: stepBudget, stackBudget: stackBudget, reference)
        let actual = scenario.run(stepBudget: stepBudget, stackBudget: stackBudget, candidate)
        if let overrun = overrun(actual, stepBudget) { return .fail(overrun) }
        guard expected.outcome != actual.outcome else { return .pass }
        return .fail(mismatch("the implementations disagree", kind: .differential, scenario: scenario,
                              expected: expected.outcome, actual: actual.outcome, labels: ("reference", "candidate")))
    }

    /// How deep the stack may go below a run's start when an event is delivered. An operator
    /// that recurses once per event goes past it within a few hundred events (a few dozen in a
    /// debug build) — long before a real stack would overflow — and fails with the depth
    /// instead of crashing the checker. The catalog's operators stay far below it in either
    /// build; a smaller budget means a smaller counterexample, and shrinking it runs smaller
    /// cases.
    public static let stackBudget = 64 * 1024

    /// The runaway failure of a run that used up its step budget or went past the stack budget.
    static func overrun<Element>(_ run: ScenarioRun<Element>, _ budget: Int) -> Failure? {
        if run.isRunaway { return runaway(run, budget) }
        guard run.stackDepth > stackBudget else { return nil }
        return Failure(.runaway, "runaway recursion: the stack grew \(run.stackDepth / 1024) KiB deep, "
                       + "past the budget of \(stackBudget / 1024) KiB",
                       details: ["a case of \(run.outcome.events.count) output events; an operator that recurses once "
                                 + "per event overflows the stack on a long enough input"])
    }

    static func runaway<Element>(_ run: ScenarioRun<Element>, _ budget: Int) -> Failure {
        Failure(.runaway, "runaway: the scheduler ran more than \(budget) actions",
                details: ["events recorded before the stop: \(run.outcome.events.count)"])
    }

    /// `lines` while failures are spelled out (`Failure.detailed`), else none.
    static func spelledOut(_ lines: @autoclosure () -> [String]) -> [String] {
        Failure.detailed ? lines() : []
    }

    /// The scenario, expected and actual marbles on one grid, the aligned diff, the first difference.
    public static func mismatch<Element: Equatable>(
        _ headline: String, kind: Failure.Kind = .mismatch, scenario: Scenario, expected: Outcome<Element>,
        actual: Outcome<Element>, labels: (String, String) = ("expected", "actual")
    ) -> Failure {
        guard Failure.detailed else { return Failure(kind, headline) }
        var details = drawing(scenario, expected: expected, actual: actual, labels: labels)
        if let diff = TimelineDiff.describe(expected: expected.events, actual: actual.events, labels: labels) {
            details.append("output events " + diff)
            if let index = TimelineDiff.firstDifference(expected.events, actual.events) {
                let wanted = index < expected.events.count ? expected.events[index].description : "nothing"
                let got = index < actual.events.count ? actual.events[index].description : "nothing"
                details.append("first difference: event #\(index + 1): \(labels.0) \(wanted), \(labels.1) \(got)")
            }
        }
        let logPairs = zip(expected.sourceLogs, actual.sourceLogs).enumerated().map { (SourceName.source($0.offset), $0.element) }
            + zip(expected.innerLogs, actual.innerLogs).enumerated().map { (SourceName.inner($0.offset), $0.element) }
        for (name, (wanted, got)) in logPairs where wanted != got {
            details.append("\(name) subscriptions: \(labels.0) \(wanted), \(labels.1) \(got)")
        }
        for (index, (wanted, got)) in zip(expected.extraEvents, actual.extraEvents).enumerated() where wanted != got {
            details.append("subscriber \(index + 1) " + (TimelineDiff.describe(expected: wanted, actual: got) ?? ""))
        }
        return Failure(kind, headline, details: details,
                       rows: [row(labels.0, expected.events), row(labels.1, actual.events)])
    }

    /// Recorded events as a report row.
    public static func row<Element>(_ label: String, _ events: [Recorded<Event<Element>>]) -> TimelineRow {
        TimelineRow(label: label, marks: events.map { recorded in
            switch recorded.value {
            case .next(let value): return .init(tick: recorded.time, kind: "next", value: "\(value)")
            case .error(let error): return .init(tick: recorded.time, kind: "error", value: "\(error)")
            case .completed: return .init(tick: recorded.time, kind: "completed", value: "")
            }
        })
    }

    /// Marble lines for a scenario alone.
    public static func drawing(_ scenario: Scenario) -> [String] {
        drawing(scenario, expected: Outcome<Int>?.none, actual: nil)
    }

    /// Marble lines for a scenario and, optionally, outputs.
    public static func drawing<Element>(
        _ scenario: Scenario, expected: Outcome<Element>? = nil, actual: Outcome<Element>? = nil,
        labels: (String, String) = ("expected", "actual")
    ) -> [String] {
        let outputTicks = (expected?.events ?? []).map(\.time) + (actual?.events ?? []).map(\.time)
        let sheet = scenario.sheet(extraTicks: outputTicks)
        let legend = MarbleLegend()
        var rows = scenario.marbleLines(sheet: sheet, legend: legend)
        if let expected { rows.append((labels.0, sheet.draw(expected.events, legend: legend))) }
        if let actual { rows.append((labels.1, sheet.draw(actual.events, legend: legend))) }
        let width = rows.map(\.0.count).max() ?? 0
        var lines = [sheet.header]
        lines += rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
        lines += scenario.tieLines().map { "same tick: " + $0 }
        if let legendLine = legend.line { lines.append(legendLine) }
        let errors = errorIdentities(scenario)
        if !errors.isEmpty { lines.append("errors: " + errors) }
        return lines
    }

    private static func errorIdentities(_ scenario: Scenario) -> String {
        var parts: [String] = []
        for (name, timeline) in scenario.namedTimelines {
            for event in timeline.events {
                if case .error(let id) = event.value { parts.append("\(name) # = TestError(\(id))") }
            }
        }
        return parts.joined(separator: ", ")
    }
}

extension Property where Case == Scenario {
    /// A scenario property with scenario statistics and marble descriptions wired in; it
    /// refuses scenarios its shape cannot draw (`ScenarioShape.refusal(of:)`).
    public static func scenario(
        _ name: String, summary: String, group: String? = nil, shape: ScenarioShape,
        check: @escaping (Scenario) -> Verdict
    ) -> Property {
        Property(name: name, summary: summary, group: group, generator: shape.generator, check: check)
            .refusing { shape.refusal(of: $0) }
            .classified { ScenarioClass.classify($0, windowEnd: shape.disposed).map(\.rawValue) }
            .described(by: { ScenarioCheck.drawing($0) },
                       measure: { $0.eventCount })
            .enumerating { scope, visit in shape.enumerate(scope, visit) }
    }
}
