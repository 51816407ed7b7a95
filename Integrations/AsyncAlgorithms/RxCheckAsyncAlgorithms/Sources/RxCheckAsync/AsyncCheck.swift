// The checks of the async catalog: each runs the operator through the harness and judges the
// run; every failure carries the marbles, the consumer's script, the schedule the executor
// followed, each source's iterations and what was left alive.

import AsyncAlgorithmsModels
import RxCheck
import RxCore
import RxTestKit

/// An async operator under test: how many of the case's parameters are its own, and its build.
public struct AsyncOperator {
    /// The operator's own parameters (the consumer script's follow them).
    public var parameterCount: Int
    /// Builds the operator from a run's context.
    public var build: AsyncBuild

    /// Known findings' rules: each takes its own symptom out of a run (nil: the run does not show
    /// it), so that the checks judge everything else.
    public var excuses: [(Scenario, AsyncRun) -> AsyncRun?] = []

    /// An operator taking the first `parameterCount` parameters of a case, built by `build`.
    public init(parameterCount: Int = 0, build: @escaping AsyncBuild) {
        self.parameterCount = parameterCount
        self.build = build
    }

    /// Runs it over `scenario`, with the known findings' symptoms taken out.
    public func run(_ scenario: Scenario) -> AsyncRun {
        var run = AsyncHarness.run(scenario, operatorParameters: parameterCount, build)
        for excuse in excuses {
            if let excused = excuse(scenario, run) { run = excused }
        }
        return run
    }
}

/// A model: judges what a run showed, as plain values; `expected`, where the output is one
/// sequence, draws the prediction beside the run in a failure.
public struct AsyncModel {
    /// Why a run does not fit (nil: it does), from plain values only.
    public var judge: (Scenario, Observed) -> String?
    /// The prediction drawn beside a failing run, where there is one sequence to draw.
    public var expected: ((Scenario, Observed) -> Expected)?

    /// A model predicting one output sequence.
    public static func sequence(_ predict: @escaping (Scenario, Observed) -> Expected) -> AsyncModel {
        AsyncModel(judge: { Judge.sequence(predict($0, $1), $1) }, expected: predict)
    }

    /// A model predicting one output sequence per order of things due at the same tick.
    public static func alternatives(_ predict: @escaping (Scenario, Observed) -> [Expected]) -> AsyncModel {
        AsyncModel(judge: { Judge.anyOf(predict($0, $1), $1) }, expected: { predict($0, $1).first ?? Expected(elements: [], end: nil) })
    }

    /// A model that judges with `judge`, drawing `expected` beside a failure when given.
    public init(judge: @escaping (Scenario, Observed) -> String?, expected: ((Scenario, Observed) -> Expected)? = nil) {
        self.judge = judge
        self.expected = expected
    }

    /// A model of an operator over several sources taken in an order the schedule decides.
    public static func interleaving<Machine: InterleavingMachine>(_ machine: @escaping (Scenario) -> Machine) -> AsyncModel {
        AsyncModel(judge: { scenario, observed in Interleavings.judge(machine(scenario), sources: scenario.sources, observed) },
                   expected: nil)
    }
}

/// The properties every async operator is held to, as checks of one case.
public enum AsyncCheck {
    /// The run fits the model (see `Judge` and `Interleavings` for the rules).
    public static func matchesModel(_ scenario: Scenario, _ subject: AsyncOperator, model: AsyncModel) -> Verdict {
        let run = subject.run(scenario)
        if let overrun = overrun(scenario, subject, run) { return .fail(overrun) }
        let observed = run.observed
        guard let problem = model.judge(scenario, observed) else { return .pass }
        return .fail(failure(.mismatch, problem, scenario, subject, run,
                             expected: model.expected?(scenario, observed)))
    }

    /// With the window left open long after every source's last event, the run fits the model
    /// in full: a consumer that keeps asking has had every element the model predicts (a lost
    /// element otherwise looks like a wait cut short by the cancel).
    public static func drains(_ scenario: Scenario, _ subject: AsyncOperator, model: AsyncModel, window: Int = 5_000) -> Verdict {
        let open = openWindow(scenario, window)
        let run = subject.run(open)
        if let overrun = overrun(open, subject, run) { return .fail(overrun) }
        var observed = run.observed
        observed.drained = true
        guard let problem = model.judge(open, observed) else { return .pass }
        return .fail(failure(.mismatch, problem, open, subject, run, expected: model.expected?(open, observed)))
    }

    /// After the output ends — `next()` returned nil or threw — every further `next()` returns
    /// nil at once (SE-0298: "all subsequent calls to next() should return nil").
    public static func nothingAfterEnd(_ scenario: Scenario, _ subject: AsyncOperator) -> Verdict {
        let run = subject.run(scenario)
        if let overrun = overrun(scenario, subject, run) { return .fail(overrun) }
        guard let first = run.afterEnd.first else { return .pass }
        let what = first == "waits" ? "a call to next() after the end never returned"
            : first.hasPrefix("throw") ? "next() after the end threw (\(first.dropFirst(6)))"
            : "next() after the end returned \(first)"
        return .fail(failure(.grammar, what, scenario, subject, run))
    }

    /// With every source ending and the consumer asking on, with no cancel, the output ends. A
    /// run that goes quiet — no job ready, no timer left — with the consumer waiting is a hang.
    /// Cases with a source that never ends are discarded.
    public static func finishes(_ scenario: Scenario, _ subject: AsyncOperator, window: Int = 5_000) -> Verdict {
        guard (scenario.sources + scenario.inners).allSatisfy({ $0.events.last?.value.isTerminal == true }) else { return .discard }
        let open = openWindow(scenario, window)
        let run = subject.run(open)
        if let overrun = overrun(open, subject, run) { return .fail(overrun) }
        guard !run.observed.endedBeforeCancel else { return .pass }
        let headline = run.isHang
            ? "hang: every source ended, the consumer waits in next(), and no job or timer is left to wake it"
            : "every source ended, yet the output had not ended by tick \(open.disposed), when it was cancelled"
        return .fail(failure(.custom, headline, open, subject, run))
    }

    /// Once the output has ended or the consumer's task was cancelled, and the run has gone
    /// quiet: the consumer's task has returned, every source iteration has ended, and no clock
    /// sleep of the operator is pending.
    public static func cancels(_ scenario: Scenario, _ subject: AsyncOperator) -> Verdict {
        let run = subject.run(scenario)
        if let overrun = overrun(scenario, subject, run) { return .fail(overrun) }
        guard run.endTick != nil || run.cancelledAt != nil else { return .pass }
        let left = run.leftovers
        guard let first = left.first else { return .pass }
        let when = run.cancelledAt.map { "the cancel at \($0)" } ?? "the end at \(run.endTick!)"
        return .fail(failure(.cleanup, "after \(when): \(first)", scenario, subject, run))
    }

    /// Two runs of a case agree on everything recorded, the schedule included.
    public static func deterministic(_ scenario: Scenario, _ subject: AsyncOperator) -> Verdict {
        let first = subject.run(scenario), second = subject.run(scenario)
        if let overrun = overrun(scenario, subject, first) { return .fail(overrun) }
        let same = first.observed == second.observed && first.sourceIterations == second.sourceIterations
            && first.innerIterations == second.innerIterations && first.decisions == second.decisions
            && first.afterEnd == second.afterEnd && first.leftovers == second.leftovers && first.jobs == second.jobs
            && first.extraObserved == second.extraObserved
        guard !same else { return .pass }
        var failure = failure(.nondeterministic, "two runs of the case differ", scenario, subject, first)
        failure.details += ["second run:"] + ScenarioCheck.drawing(scenario, actual: second.outcome) + [second.scheduleLine]
        return .fail(failure)
    }

    /// `scenario` with its cancel moved `window` ticks past its last event (counted from the
    /// subscription, so a rendezvous source's offsets are covered too).
    static func openWindow(_ scenario: Scenario, _ window: Int) -> Scenario {
        var open = scenario
        let last = (scenario.sources + scenario.inners).flatMap { $0.events.map(\.tick) }.max() ?? 0
        open.disposed = max(scenario.disposed, last + scenario.subscribed + window)
        return open
    }

    // MARK: Reports

    static func overrun(_ scenario: Scenario, _ subject: AsyncOperator, _ run: AsyncRun) -> Failure? {
        if run.escapes > 0 {
            return failure(.custom, "the operator ran code off the seeded executor (\(run.escapes) calls from another thread): "
                           + "a Task.yield() or Task.sleep on a real clock escapes the schedule, and the run is not deterministic",
                           scenario, subject, run)
        }
        guard run.isRunaway else { return nil }
        return failure(.runaway, "runaway: the run used up its budget of jobs (\(run.jobs))", scenario, subject, run)
    }

    /// A failure with everything a reader needs to see the run.
    public static func failure(_ kind: Failure.Kind, _ headline: String, _ scenario: Scenario, _ subject: AsyncOperator,
                               _ run: AsyncRun, expected: Expected? = nil) -> Failure {
        guard Failure.detailed else { return Failure(kind, headline) }
        let expectedOutcome = expected.map { outcome(of: $0, scenario) }
        var details = ScenarioCheck.drawing(scenario, expected: expectedOutcome, actual: run.outcome)
        details.append("sources: " + scenario.sources.enumerated().map { "s\($0.offset) \(SourceKind($0.element.flavor).rawValue)" }
            .joined(separator: ", "))
        details.append(ConsumerScript(scenario.parameters, operatorParameters: subject.parameterCount).description
                       + (run.cancelledAt.map { "; cancelled at \($0)" } ?? ""))
        details.append(run.scheduleLine)
        for (name, iterations) in run.namedIterations where !iterations.isEmpty {
            details.append("\(name) iterations: " + iterations.map(\.description).joined(separator: " "))
        }
        if !run.afterEnd.isEmpty { details.append("next() after the end: " + run.afterEnd.joined(separator: ", ")) }
        let left = run.leftovers
        if !left.isEmpty { details.append("left when the run ended: " + left.joined(separator: "; ")) }
        var rows = [ScenarioCheck.row("actual", run.outcome.events)]
        if let expectedOutcome { rows.insert(ScenarioCheck.row("expected", expectedOutcome.events), at: 0) }
        return Failure(kind, headline, details: details, rows: rows)
    }

    /// A prediction as an outcome to draw (at its ticks, or without them at the subscription).
    static func outcome(of expected: Expected, _ scenario: Scenario) -> Outcome<String> {
        var events: [Recorded<Event<String>>] = []
        for (index, element) in expected.elements.enumerated() {
            events.append(Recorded(time: expected.ticks?[index] ?? scenario.subscribed, value: .next(element)))
        }
        if let end = expected.end {
            let tick = expected.ticks?.last ?? scenario.subscribed
            switch end {
            case .finished: events.append(Recorded(time: tick, value: .completed))
            case .threw(let id): events.append(Recorded(time: tick, value: .error(TestError(id))))
            case .cancellation: events.append(Recorded(time: tick, value: .error(CancellationError())))
            case .other: break
            }
        }
        return Outcome(events: events, sourceLogs: [])
    }
}
