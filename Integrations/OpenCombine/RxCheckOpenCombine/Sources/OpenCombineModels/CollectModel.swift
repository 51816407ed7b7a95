import RxCore
import RxModels
import RxTestKit

/// `collect()`: "Collects all received elements, and emits a single array of the collection when
/// the upstream publisher finishes" (an empty array for an empty stream); a failure discards
/// them. Arrays are read back as one number by `encode`.
public enum CollectModel {
    public static func outcome(_ scenario: Scenario, encode: ([Int]) -> Int) -> Outcome<Int> {
        RxModels.ToArrayModel.outcome(scenario).mapElements(encode)
    }
}

extension CollectModel {
    /// Under the subscriber's demand: as `ReduceModel.outcomeUnderDemand` (`CollectTests`
    /// runs `ReduceTests`' demand tests).
    public static func outcomeUnderDemand(_ scenario: Scenario, encode: @escaping ([Int]) -> Int) -> Outcome<Int> {
        DemandRun.outcome(scenario, stage: ReducingStage([Int](), { $0 + [$1] }, result: encode))
    }
}
