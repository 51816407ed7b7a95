import OpenCombineModels
import RxCheck
import RxCore
import RxTestKit

/// The checks of the OpenCombine catalog: RxCheck's scenario checks run through the Combine
/// harness (`CombineHarness`), plus the demand contract, which Rx does not have. Every failure
/// names the demand script it ran with.
public enum CombineCheck {
    /// Output and every source's subscription log equal the model's (run with the demand the
    /// scenario's parameters give; the catalog draws unlimited demand for this property), and the
    /// run breaks no rule of the contract. What `excuses` recognise as a known finding is taken
    /// out of the run first.
    public static func matchesModel(_ scenario: Scenario, tolerated: Set<ContractLog.Rule> = [], excuses: Excuses = .none,
                                    build: @escaping CombineBuild, model: (Scenario) -> Outcome<Int>) -> Verdict {
        let made = CombineHarness.run(scenario, build, excuses: excuses)
        var expected = model(scenario)
        expected.steps = nil
        let verdict = ScenarioCheck.matchesModel(scenario, run: { _ in made.run }, model: { _ in expected })
        return annotated(verdict.isFailure ? verdict : contract(scenario, made.violations, tolerated: tolerated), scenario)
    }

    /// One subscription, never more elements than demanded, nothing after the completion or
    /// after cancel, positive demand only — and RxCheck's grammar on the output.
    /// Breaches of the rules in `tolerated` are not counted: for operators whose documented
    /// behaviour, shared with Apple's Combine, breaks them (see `CombineSpec.tolerated`).
    public static func obeysContract(_ scenario: Scenario, tolerated: Set<ContractLog.Rule> = [], excuses: Excuses = .none,
                                     build: @escaping CombineBuild) -> Verdict {
        let made = CombineHarness.run(scenario, build, excuses: excuses)
        let verdict = ScenarioCheck.obeysGrammar(scenario, run: { _ in made.run })
        return annotated(verdict.isFailure ? verdict : contract(scenario, made.violations, tolerated: tolerated), scenario)
    }

    /// Every source subscription ends by the time the output does (its completion, or the
    /// harness's cancel), and no repeating timer the operator started runs after that — except
    /// the sources `leftOpen` names for the run, which the operator's documented behaviour leaves
    /// subscribed.
    public static func cleansUp(_ scenario: Scenario, leftOpen: (Scenario, CombineRun) -> Set<SourceName> = { _, _ in [] },
                                excuses: Excuses = .none, build: @escaping CombineBuild) -> Verdict {
        let made = CombineHarness.run(scenario, build, excuses: excuses)
        let run = made.run
        if run.isRunaway {
            return annotated(.fail(Failure(.runaway, "runaway: the scheduler ran more than \(run.steps - 1) actions",
                                           details: ScenarioCheck.drawing(scenario, actual: run.outcome))), scenario)
        }
        let terminal = run.outcome.events.first(where: { $0.value.isStopEvent })?.time
        let deadline = min(terminal ?? scenario.disposed, scenario.disposed)
        let when = terminal.map { "the output ended at \($0)" } ?? "cancel at \(scenario.disposed)"
        let exempt = leftOpen(scenario, made)
        let sourceLogs = run.outcome.sourceLogs.enumerated().map { (SourceName.source($0.offset), $0.element) }
            + run.outcome.innerLogs.enumerated().map { (SourceName.inner($0.offset), $0.element) }
        for (name, log) in sourceLogs where !exempt.contains(name) {
            for entry in log where entry.unsubscribe > deadline {
                return annotated(.fail(Failure(.cleanup, "\(name) subscription \(entry) outlives \(when)",
                                               details: ScenarioCheck.drawing(scenario, actual: run.outcome),
                                               rows: [ScenarioCheck.row("actual", run.outcome.events)])), scenario)
            }
        }
        if let late = run.timersAfterEnd.first(where: { $0 > deadline }) {
            return annotated(.fail(Failure(.cleanup, "a repeating timer of the operator ran at \(late), after \(when)",
                                           details: ScenarioCheck.drawing(scenario, actual: run.outcome)
                                               + ["timer runs after the end at: " + run.timersAfterEnd.map(String.init).joined(separator: ", ")],
                                           rows: [ScenarioCheck.row("actual", run.outcome.events)])), scenario)
        }
        return .pass
    }

    /// Two runs of a case record the same output and logs (each with the known findings'
    /// symptoms taken out, so that a finding's randomness would still show).
    public static func deterministic(_ scenario: Scenario, excuses: Excuses = .none, build: @escaping CombineBuild) -> Verdict {
        var first = true
        return annotated(ScenarioCheck.deterministic(scenario, run: { scenario in
            defer { first = false }
            return CombineHarness.run(scenario, build, excuses: excuses, counting: first).run
        }), scenario)
    }

    /// Over lossless sources (cold and synchronous, which hold elements until asked), demand can
    /// only delay elements: the elements published under the scenario's demand are a prefix of
    /// those published under unlimited demand, and — for an operator of one source — a run that
    /// finishes under limited demand publishes all of them, and one whose subscriber still asks
    /// for more has not left any of them behind (a stall; judged with the window left open, so
    /// that nothing is merely still in flight at the cancel).
    public static func keepsOrderUnderDemand(_ scenario: Scenario, build: @escaping CombineBuild) -> Verdict {
        let limited = CombineHarness.run(scenario, build).run.outcome
        let unlimited = CombineHarness.run(withUnlimitedDemand(scenario), build).run.outcome
        func elements(_ events: [Recorded<Event<Int>>]) -> [Int] { events.compactMap { $0.value.element } }
        let got = elements(limited.events), all = elements(unlimited.events)
        let finished = limited.events.last.map { $0.value.isStopEvent && $0.value.error == nil } ?? false
        let allFinished = unlimited.events.last.map { $0.value.isStopEvent && $0.value.error == nil } ?? false
        var problem: String?
        if got.count > all.count || Array(all.prefix(got.count)) != got {
            problem = "limited demand published elements that unlimited demand does not, or in another order"
        } else if scenario.sources.count == 1 && scenario.inners.isEmpty && got.count < all.count {
            if finished && allFinished {
                problem = "limited demand finished without publishing \(all.count - got.count) of the elements"
            } else {
                let runs = openRuns(scenario, build)
                problem = stalled(runs.limited, unlimited: runs.unlimited, .allElements)
            }
        }
        guard let problem else { return .pass }
        return annotated(.fail(ScenarioCheck.mismatch(problem, kind: .custom, scenario: scenario, expected: unlimited,
                                                      actual: limited, labels: ("unlimited", "limited"))), scenario)
    }

    /// What a subscriber that keeps asking must get in the end, over lossless sources: the
    /// operator's model of "demand only delays".
    public enum Delivery: Sendable {
        /// Every element unlimited demand gets (in any order), and the same end.
        case allElements
        /// The same end as under unlimited demand (elements may be lost on purpose: `switchToLatest`
        /// drops what an inner it switched away from still held, a dropping `buffer` its surplus).
        case theEnd
    }

    /// No stall: over lossless sources, with the window left open long after every source has
    /// ended (so nothing is merely in flight at the cancel), a subscriber that still asks for
    /// elements when it cancels has received what `delivery` says unlimited demand gets, and a
    /// run that finished under limited demand published all of it. Scenarios with a failure
    /// are not judged: a failure overtakes what demand holds back. A stall is a breach of rule
    /// `stall` in the limited run, which a known finding's rule may recognise.
    public static func keepsDelivering(_ scenario: Scenario, _ delivery: Delivery, excuses: Excuses = .none,
                                       build: @escaping CombineBuild) -> Verdict {
        let timelines = scenario.sources + scenario.inners
        let failing = timelines.contains { $0.events.contains { if case .error = $0.value { return true } else { return false } } }
        guard !failing else { return .discard }
        let (open, runLimited, unlimited) = openRuns(scenario, build)
        var limited = runLimited
        guard let stall = stalled(limited, unlimited: unlimited, delivery) else { return .pass }
        limited.violations.append(ContractLog.Violation(rule: .stall, signal: .request, tick: open.disposed, step: limited.run.steps,
                                                        inLateRequest: false, text: stall))
        limited = excuses.apply(open, limited)
        guard limited.violations.contains(where: { $0.rule == .stall }) else { return .pass }
        return annotated(.fail(ScenarioCheck.mismatch(stall, kind: .custom, scenario: scenario, expected: unlimited,
                                                      actual: limited.run.outcome, labels: ("unlimited", "limited"))), scenario)
    }

    /// What `limited` failed to deliver of what `unlimited` did (both with the window left open),
    /// in words; nil when nothing.
    static func stalled(_ limited: CombineRun, unlimited: Outcome<Int>, _ delivery: Delivery) -> String? {
        let got = limited.run.outcome.events.compactMap { $0.value.element }, all = unlimited.events.compactMap { $0.value.element }
        let end = { (outcome: Outcome<Int>) in outcome.events.last.flatMap { $0.value.isStopEvent ? $0.value : nil } }
        let missing = delivery == .allElements && got.sorted() != all.sorted()
        if let limitedEnd = end(limited.run.outcome) {
            guard missing, limitedEnd.error == nil, end(unlimited)?.error == nil else { return nil }
            return "limited demand finished without publishing \(all.count - got.count) of the elements"
        }
        guard let outstanding = limited.log.outstandingAtCancel, outstanding != 0 else { return nil }
        let asked = "with the window left open the subscriber still asked for \(outstanding.map(String.init) ?? "unlimited") elements"
        if missing { return "stalled: \(asked), and \(all.count - got.count) of those unlimited demand gets never came" }
        if end(unlimited) != nil { return "stalled: \(asked), and the output never ended as it does under unlimited demand" }
        return nil
    }

    /// The scenario with its window left open (`withWindowLeftOpen`), and its runs under the
    /// scenario's demand and under unlimited demand: what a stall is judged on.
    static func openRuns(_ scenario: Scenario, _ build: @escaping CombineBuild)
        -> (open: Scenario, limited: CombineRun, unlimited: Outcome<Int>) {
        let open = withWindowLeftOpen(scenario)
        return (open, CombineHarness.run(open, build), CombineHarness.run(withUnlimitedDemand(open), build).run.outcome)
    }

    /// The scenario with the demand script's parameters at 0: unlimited demand.
    static func withUnlimitedDemand(_ scenario: Scenario) -> Scenario {
        var unlimited = scenario
        for index in 0..<min(DemandScript.parameterCount, scenario.parameters.count) { unlimited.parameters[index] = 0 }
        return unlimited
    }

    /// The scenario with its window left open long after every source has ended, so that
    /// nothing is merely in flight at the cancel.
    static func withWindowLeftOpen(_ scenario: Scenario) -> Scenario {
        var open = scenario
        open.disposed = scenario.disposed + 10_000
        return open
    }

    static func contract(_ scenario: Scenario, _ violations: [ContractLog.Violation], tolerated: Set<ContractLog.Rule> = []) -> Verdict {
        let counted = violations.filter { !tolerated.contains($0.rule) }
        guard let first = counted.first else { return .pass }
        return .fail(Failure(.grammar, "breaks the Combine contract: \(first.text)",
                             details: ScenarioCheck.drawing(scenario) + counted.map { "at tick " + $0.line }))
    }

    /// Adds the demand script to a failure's details.
    static func annotated(_ verdict: Verdict, _ scenario: Scenario) -> Verdict {
        guard case .fail(var failure) = verdict else { return verdict }
        failure.details.insert(DemandScript(parameters: scenario.parameters, subscribed: scenario.subscribed).description, at: 0)
        return .fail(failure)
    }
}
