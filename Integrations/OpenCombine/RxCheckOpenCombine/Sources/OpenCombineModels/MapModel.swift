import RxCore
import RxModels
import RxTestKit

/// `map(_:)`: "Transforms all elements from the upstream publisher with a provided closure."
/// Each element transformed at its tick; the completion passed on. With unlimited demand this is
/// RxSwift's `map`, so the model is that one.
public enum MapModel {
    public static func outcome(_ scenario: Scenario, transform: (Int) -> Int) -> Outcome<Int> {
        RxModels.MapModel.outcome(scenario, transform: transform)
    }
}
