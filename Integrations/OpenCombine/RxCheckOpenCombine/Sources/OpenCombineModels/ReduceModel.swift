import RxCore
import RxModels
import RxTestKit

/// `reduce(_:_:)`: the accumulated result, published with `.finished` when the upstream
/// finishes (the initial result for an empty stream); a failure is passed on alone.
public enum ReduceModel {
    public static func outcome(_ scenario: Scenario, initialResult: Int, nextPartialResult: (Int, Int) -> Int) -> Outcome<Int> {
        RxModels.ReduceModel.outcome(scenario, seed: initialResult, accumulator: nextPartialResult)
    }
}

extension ReduceModel {
    /// Under the subscriber's demand (the scenario's demand parameters): the upstream is asked
    /// for everything at once, before the subscriber has its subscription; the result waits
    /// for the subscriber's first request when none is outstanding at the finish; a failure
    /// goes out at once (`ReduceTests.testBasicReductionBehavior`,
    /// `testUpstreamFinishesImmediatelyWithoutDemand`, which also run against Apple's Combine).
    public static func outcomeUnderDemand(_ scenario: Scenario, initialResult: Int,
                                          nextPartialResult: @escaping (Int, Int) -> Int) -> Outcome<Int> {
        DemandRun.outcome(scenario, stage: ReducingStage(initialResult, nextPartialResult, result: { $0 }))
    }
}

/// The reducing operators' share of demand (`reduce`, `count`, `collect`): see
/// `ReduceModel.outcomeUnderDemand`.
final class ReducingStage<Partial>: DemandStage {
    private var partial: Partial
    private let next: (Partial, Int) -> Partial
    private let result: (Partial) -> Int
    private var demand: DemandCount = 0
    private var finished = false

    init(_ initial: Partial, _ next: @escaping (Partial, Int) -> Partial, result: @escaping (Partial) -> Int) {
        (self.partial, self.next, self.result) = (initial, next, result)
    }

    func started(_ run: DemandRun) { run.requestUpstream(nil) }

    func requested(_ demand: DemandCount, _ run: DemandRun) {
        self.demand = self.demand.adding(demand)
        if finished { publish(run) }
    }

    func received(_ value: Int, _ run: DemandRun) -> DemandCount {
        partial = next(partial, value)
        return 0
    }

    func completed(_ terminal: TimelineValue, _ run: DemandRun) {
        guard case .completed = terminal else { return run.finish(terminal) }
        finished = true
        if demand.isPositive { publish(run) }
    }

    private func publish(_ run: DemandRun) {
        _ = run.emit(result(partial))
        run.finish(.completed)
    }
}
