import RxCore
import RxModels
import RxTestKit

/// `count()`: "Publishes the number of elements received from the upstream publisher" with
/// `.finished`, when the upstream finishes; a failure is passed on alone.
public enum CountModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.ReduceModel.outcome(scenario, seed: 0, accumulator: { count, _ in count + 1 })
    }
}

extension CountModel {
    /// Under the subscriber's demand: as `ReduceModel.outcomeUnderDemand` (`CountTests` runs
    /// `ReduceTests`' demand tests).
    public static func outcomeUnderDemand(_ scenario: Scenario) -> Outcome<Int> {
        DemandRun.outcome(scenario, stage: ReducingStage(0, { count, _ in count + 1 }, result: { $0 }))
    }
}
