import OpenCombine
import OpenCombineModels
import RxCheck
import RxCore
import RxTestKit

/// What a Combine catalog entry builds its publisher from: the scenario's sources and inner
/// sources as publishers, the virtual-time scheduler, and the operator's own parameters.
public struct CombineContext {
    /// `Scenario.sources` as publishers (hot ones drop what is not demanded; see `SourcePublisher`).
    public let sources: [AnyPublisher<Int, TestError>]
    /// `Scenario.inners` as publishers.
    public let inners: [AnyPublisher<Int, TestError>]
    /// The run's clock as a Combine scheduler.
    public let scheduler: CombineTestScheduler
    /// The operator's parameters: the scenario's, after the demand script's.
    public let parameters: [Int]

    /// The inner publisher an outer element stands for: `inners[value % inners.count]`
    /// (`Empty(completeImmediately: false)` when there are none).
    public func inner(_ value: Int) -> AnyPublisher<Int, TestError> {
        inners.isEmpty ? Empty(completeImmediately: false).eraseToAnyPublisher()
            : inners[((value % inners.count) + inners.count) % inners.count]
    }
}

/// Builds the publisher under test.
public typealias CombineBuild = (CombineContext) -> AnyPublisher<Int, TestError>

/// Runs Combine publishers in RxCheck's scenario harness.
public enum CombineHarness {
    /// `build` as a scenario build: the sources become `SourcePublisher`s, the output is read by a
    /// subscriber that demands as the scenario's first parameters say, and every contract breach
    /// of the run goes into a log handed to `logs` (one per run).
    public static func scenarioBuild(_ scenario: Scenario, logs: LogBox? = nil,
                                     _ build: @escaping CombineBuild) -> ScenarioBuild<Int> {
        { context in
            let scheduler = CombineTestScheduler(context.scheduler)
            let log = ContractLog(clock: { [unowned clock = context.scheduler] in clock.clock },
                                  steps: { [unowned clock = context.scheduler] in clock.steps })
            logs?.logs.append(log)
            func publishers(_ observables: [Observable<Int>], _ timelines: [SourceTimeline], inner: Bool) -> [AnyPublisher<Int, TestError>] {
                zip(observables, timelines).enumerated().map { index, pair in
                    SourcePublisher(pair.0, flavor: pair.1.flavor,
                                    name: SourceName(inner: inner, index).description, log: log).eraseToAnyPublisher()
                }
            }
            let combine = CombineContext(sources: publishers(context.sources, scenario.sources, inner: false),
                                         inners: publishers(context.inners, scenario.inners, inner: true),
                                         scheduler: scheduler,
                                         parameters: Array(context.parameters.dropFirst(DemandScript.parameterCount)))
            let demand = DemandScript(parameters: context.parameters, subscribed: scenario.subscribed)
            return build(combine).observable(demand: demand, scheduler: scheduler, log: log)
        }
    }
}

extension CombineHarness {
    /// Runs `build` over `scenario` (the checks' step budget) and takes out of the run what
    /// `excuses` recognise as known findings.
    public static func run(_ scenario: Scenario, _ build: @escaping CombineBuild, excuses: Excuses = .none,
                           counting: Bool = true) -> CombineRun {
        let logs = LogBox()
        let run = ScenarioCheck.runner(scenarioBuild(scenario, logs: logs, build))(scenario)
        let log = logs.logs[0]
        let made = CombineRun(run: run, violations: log.violations, log: log)
        return excuses.findings.isEmpty ? made : excuses.apply(scenario, made, counting: counting)
    }
}

/// Collects the contract logs of the runs a check makes.
public final class LogBox {
    /// One per run, in order.
    public var logs: [ContractLog] = []
    public init() {}
}
