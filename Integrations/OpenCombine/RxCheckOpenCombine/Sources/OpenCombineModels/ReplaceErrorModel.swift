import RxCore
import RxModels
import RxTestKit

/// `replaceError(with:)`: "Replaces any errors in the stream with the provided element": the
/// element, then `.finished`, at the failure's tick.
public enum ReplaceErrorModel {
    public static func outcome(_ scenario: Scenario, with element: Int) -> Outcome<Int> {
        RxModels.CatchModel.outcome(scenario, returning: element)
    }
}

extension ReplaceErrorModel {
    /// Under the subscriber's demand: requests are passed on to the upstream and elements
    /// published as they come; a failure while the subscriber has demand outstanding publishes
    /// the replacement and `.finished` at once, otherwise at its next request
    /// (`ReplaceErrorTests.testErrorWhileDownstreamDemandIsZero`, `testLateSubscription`).
    public static func outcomeUnderDemand(_ scenario: Scenario, with element: Int) -> Outcome<Int> {
        DemandRun.outcome(scenario, stage: ReplacingErrorStage(element))
    }
}

/// `replaceError(with:)`'s share of demand: see `ReplaceErrorModel.outcomeUnderDemand`.
final class ReplacingErrorStage: DemandStage {
    private let replacement: Int
    private var demand: DemandCount = 0
    private var failed = false

    init(_ replacement: Int) { self.replacement = replacement }

    func started(_ run: DemandRun) {}

    func requested(_ demand: DemandCount, _ run: DemandRun) {
        self.demand = self.demand.adding(demand)
        if failed { return publish(run) }
        run.requestUpstream(demand)
    }

    func received(_ value: Int, _ run: DemandRun) -> DemandCount {
        demand = demand.lessOne
        let more = run.emit(value)
        demand = demand.adding(more)
        return more
    }

    func completed(_ terminal: TimelineValue, _ run: DemandRun) {
        guard case .error = terminal else { return run.finish(.completed) }
        failed = true
        if demand.isPositive { publish(run) }
    }

    private func publish(_ run: DemandRun) {
        _ = run.emit(replacement)
        run.finish(.completed)
    }
}
