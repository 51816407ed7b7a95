import RxCheck
import RxCore
import RxTestKit

/// The checks of the OpenCombine catalog: RxCheck's scenario checks run through the Combine
/// harness (`CombineHarness`), plus the demand contract, which Rx does not have. Every failure
/// names the demand script it ran with.
public enum CombineCheck {
    /// Output and every source's subscription log equal the model's (run with the demand the
    /// scenario's parameters give; the catalog draws unlimited demand for this property), and the
    /// run breaks no rule of the contract.
    public static func matchesModel(_ scenario: Scenario, tolerated: Set<ContractLog.Rule> = [], build: @escaping CombineBuild,
                                    model: (Scenario) -> Outcome<Int>) -> Verdict {
        let logs = LogBox()
        var expected = model(scenario)
        expected.steps = nil
        let verdict = ScenarioCheck.matchesModel(scenario, build: CombineHarness.scenarioBuild(scenario, logs: logs, build),
                                                 model: { _ in expected })
        return annotated(verdict.isFailure ? verdict : contract(scenario, logs, tolerated: tolerated), scenario)
    }

    /// One subscription, never more elements than demanded, nothing after the completion or
    /// after cancel, positive demand only — and RxCheck's grammar on the output.
    /// Breaches of the rules in `tolerated` are not counted: for operators whose documented
    /// behaviour, shared with Apple's Combine, breaks them (see `CombineSpec.tolerated`).
    public static func obeysContract(_ scenario: Scenario, tolerated: Set<ContractLog.Rule> = [],
                                     build: @escaping CombineBuild) -> Verdict {
        let logs = LogBox()
        let verdict = ScenarioCheck.obeysGrammar(scenario, build: CombineHarness.scenarioBuild(scenario, logs: logs, build))
        return annotated(verdict.isFailure ? verdict : contract(scenario, logs, tolerated: tolerated), scenario)
    }

    /// Every source subscription ends by the time the output does (its completion, or the
    /// harness's cancel), and no repeating timer the operator started runs after that — except
    /// the sources `leftOpen` names (told whether the output failed), which the operator's
    /// documented behaviour leaves subscribed.
    public static func cleansUp(_ scenario: Scenario, leftOpen: @escaping (_ failed: Bool) -> Set<SourceName> = { _ in [] },
                                build: @escaping CombineBuild) -> Verdict {
        let logs = LogBox()
        let run = scenario.run(CombineHarness.scenarioBuild(scenario, logs: logs, build))
        if run.isRunaway {
            return annotated(.fail(Failure(.runaway, "runaway: the scheduler ran more than \(run.steps - 1) actions",
                                           details: ScenarioCheck.drawing(scenario, actual: run.outcome))), scenario)
        }
        let terminal = run.outcome.events.first(where: { $0.value.isStopEvent })?.time
        let deadline = min(terminal ?? scenario.disposed, scenario.disposed)
        let when = terminal.map { "the output ended at \($0)" } ?? "cancel at \(scenario.disposed)"
        let exempt = leftOpen(logs.logs.first?.receivedFailure ?? false)
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

    /// Two runs of a case record the same output and logs.
    public static func deterministic(_ scenario: Scenario, build: @escaping CombineBuild) -> Verdict {
        annotated(ScenarioCheck.deterministic(scenario, build: CombineHarness.scenarioBuild(scenario, build)), scenario)
    }

    /// Over lossless sources (cold and synchronous, which hold elements until asked), demand can
    /// only delay elements: the elements published under the scenario's demand are a prefix of
    /// those published under unlimited demand, and — for an operator of one source — a run that
    /// finishes under limited demand publishes all of them, and one whose subscriber still asks
    /// for more has not left any of them behind (a stall; judged with the window left open, so
    /// that nothing is merely still in flight at the cancel).
    public static func keepsOrderUnderDemand(_ scenario: Scenario, build: @escaping CombineBuild) -> Verdict {
        var unlimitedScenario = scenario
        for index in 0..<min(DemandScript.parameterCount, scenario.parameters.count) { unlimitedScenario.parameters[index] = 0 }
        let logs = LogBox()
        let limited = scenario.run(CombineHarness.scenarioBuild(scenario, logs: logs, build)).outcome
        let unlimited = unlimitedScenario.run(CombineHarness.scenarioBuild(unlimitedScenario, build)).outcome
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
            } else if let stall = stalled(scenario, build: build) {
                problem = stall
            }
        }
        guard let problem else { return .pass }
        return annotated(.fail(ScenarioCheck.mismatch(problem, kind: .custom, scenario: scenario, expected: unlimited,
                                                      actual: limited, labels: ("unlimited", "limited"))), scenario)
    }

    /// With the window left open long after every source has ended (so nothing is cut off in
    /// flight), a subscriber that still asks for elements has received all that unlimited demand
    /// gets: else the operator stalled.
    static func stalled(_ scenario: Scenario, build: @escaping CombineBuild) -> String? {
        var open = scenario
        open.disposed = scenario.disposed + 10_000
        var unlimitedOpen = open
        for index in 0..<min(DemandScript.parameterCount, open.parameters.count) { unlimitedOpen.parameters[index] = 0 }
        let logs = LogBox()
        let limited = open.run(CombineHarness.scenarioBuild(open, logs: logs, build)).outcome
        let unlimited = unlimitedOpen.run(CombineHarness.scenarioBuild(unlimitedOpen, build)).outcome
        let got = limited.events.filter { $0.value.element != nil }.count
        let all = unlimited.events.filter { $0.value.element != nil }.count
        guard got < all, let outstanding = logs.logs.first?.outstandingAtCancel, outstanding != 0 else { return nil }
        // nil inside: unlimited; a number: that many still asked for.
        return "stalled: with the window left open the subscriber still asked for \(outstanding.map(String.init) ?? "unlimited") "
            + "elements, and \(all - got) of those unlimited demand gets never came"
    }

    static func contract(_ scenario: Scenario, _ logs: LogBox, tolerated: Set<ContractLog.Rule> = []) -> Verdict {
        let counted = { (violation: (rule: ContractLog.Rule, text: String)) in !tolerated.contains(violation.rule) }
        guard let log = logs.logs.first(where: { $0.violations.contains(where: counted) }) else { return .pass }
        let violations = log.violations.filter(counted).map(\.text)
        let first = violations[0].split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return .fail(Failure(.grammar, "breaks the Combine contract: \(first)",
                             details: ScenarioCheck.drawing(scenario) + violations.map { "at tick " + $0 }))
    }

    /// Adds the demand script to a failure's details.
    static func annotated(_ verdict: Verdict, _ scenario: Scenario) -> Verdict {
        guard case .fail(var failure) = verdict else { return verdict }
        failure.details.insert(DemandScript(parameters: scenario.parameters, subscribed: scenario.subscribed).description, at: 0)
        return .fail(failure)
    }
}
