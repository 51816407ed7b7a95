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
