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
    public static func matchesModel(_ scenario: Scenario, build: @escaping CombineBuild,
                                    model: (Scenario) -> Outcome<Int>) -> Verdict {
        let logs = LogBox()
        var expected = model(scenario)
        expected.steps = nil
        let verdict = ScenarioCheck.matchesModel(scenario, build: CombineHarness.scenarioBuild(scenario, logs: logs, build),
                                                 model: { _ in expected })
        return annotated(verdict.isFailure ? verdict : contract(scenario, logs), scenario)
    }

    /// One subscription, never more elements than demanded, nothing after the completion or
    /// after cancel, positive demand only — and RxCheck's grammar on the output.
    public static func obeysContract(_ scenario: Scenario, build: @escaping CombineBuild) -> Verdict {
        let logs = LogBox()
        let verdict = ScenarioCheck.obeysGrammar(scenario, build: CombineHarness.scenarioBuild(scenario, logs: logs, build))
        return annotated(verdict.isFailure ? verdict : contract(scenario, logs), scenario)
    }

    /// Every source subscription ends by the time the output does (its completion, or the
    /// harness's cancel), and nothing the operator scheduled runs after that.
    public static func cleansUp(_ scenario: Scenario, build: @escaping CombineBuild) -> Verdict {
        annotated(ScenarioCheck.cleansUp(scenario, build: CombineHarness.scenarioBuild(scenario, build)), scenario)
    }

    /// Two runs of a case record the same output and logs.
    public static func deterministic(_ scenario: Scenario, build: @escaping CombineBuild) -> Verdict {
        annotated(ScenarioCheck.deterministic(scenario, build: CombineHarness.scenarioBuild(scenario, build)), scenario)
    }

    /// Over lossless sources (cold and synchronous, which hold elements until asked), demand can
    /// only delay elements: the elements published under the scenario's demand are a prefix of
    /// those published under unlimited demand, and a run that finishes under limited demand
    /// publishes all of them.
    public static func keepsOrderUnderDemand(_ scenario: Scenario, build: @escaping CombineBuild) -> Verdict {
        var unlimitedScenario = scenario
        for index in 0..<min(DemandScript.parameterCount, scenario.parameters.count) { unlimitedScenario.parameters[index] = 0 }
        let limited = scenario.run(CombineHarness.scenarioBuild(scenario, build)).outcome
        let unlimited = unlimitedScenario.run(CombineHarness.scenarioBuild(unlimitedScenario, build)).outcome
        func elements(_ events: [Recorded<Event<Int>>]) -> [Int] { events.compactMap { $0.value.element } }
        let got = elements(limited.events), all = elements(unlimited.events)
        let finished = limited.events.last.map { $0.value.isStopEvent && $0.value.error == nil } ?? false
        let allFinished = unlimited.events.last.map { $0.value.isStopEvent && $0.value.error == nil } ?? false
        var problem: String?
        if got.count > all.count || Array(all.prefix(got.count)) != got {
            problem = "limited demand published elements that unlimited demand does not, or in another order"
        } else if finished && allFinished && got.count < all.count {
            problem = "limited demand finished without publishing \(all.count - got.count) of the elements"
        }
        guard let problem else { return .pass }
        return annotated(.fail(ScenarioCheck.mismatch(problem, kind: .custom, scenario: scenario, expected: unlimited,
                                                      actual: limited, labels: ("unlimited", "limited"))), scenario)
    }

    static func contract(_ scenario: Scenario, _ logs: LogBox) -> Verdict {
        guard let log = logs.logs.first(where: { !$0.violations.isEmpty }) else { return .pass }
        return .fail(Failure(.grammar, "breaks the Combine contract: \(log.violations[0].split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")",
                             details: ScenarioCheck.drawing(scenario) + log.violations.map { "at tick " + $0 }))
    }

    /// Adds the demand script to a failure's details.
    static func annotated(_ verdict: Verdict, _ scenario: Scenario) -> Verdict {
        guard case .fail(var failure) = verdict else { return verdict }
        failure.details.insert(DemandScript(parameters: scenario.parameters, subscribed: scenario.subscribed).description, at: 0)
        return .fail(failure)
    }
}
