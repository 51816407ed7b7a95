import RxCore
import RxModels
import RxTestKit

/// `allSatisfy(_:)`: "Publishes a single Boolean value that indicates whether all received
/// elements pass a given predicate": `false` (0) and `.finished` at the first element that fails
/// it, cancelling the upstream; `true` (1) when the upstream finishes; a failure is passed on.
public enum AllSatisfyModel {
    public static func outcome(_ scenario: Scenario, predicate: @escaping (Int) -> Bool) -> Outcome<Int> {
        Decision.outcome(scenario, decides: { predicate($0) ? nil : 0 }, atFinish: 1)
    }
}
