import RxCore
import RxModels
import RxTestKit

/// `contains(_:)`: "Publishes a Boolean value upon receiving an element equal to the argument":
/// `true` (1) and `.finished` at the first match, cancelling the upstream; `false` (0) when the
/// upstream finishes without one; a failure is passed on.
public enum ContainsModel {
    public static func outcome(_ scenario: Scenario, element: Int) -> Outcome<Int> {
        Decision.outcome(scenario, decides: { $0 == element ? 1 : nil }, atFinish: 0)
    }
}
