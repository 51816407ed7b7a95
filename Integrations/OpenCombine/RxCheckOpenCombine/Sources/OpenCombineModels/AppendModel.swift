import RxCore
import RxModels
import RxTestKit

/// `append(_:)` (`Publishers.Concatenate`): the prefix publisher (sources[0]) to its end, then
/// the suffix (sources[1]), subscribed when the prefix finishes; a failure of the prefix ends the
/// output and the suffix is never subscribed.
public enum AppendModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        RxModels.ConcatModel.outcome(scenario)
    }
}
