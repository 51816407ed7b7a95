import RxCore
import RxModels
import RxTestKit

/// `prefix(while:)`: "Republishes elements while a predicate closure indicates publishing should
/// continue." The first element that fails it is not published: the output finishes at its tick.
public enum PrefixWhileModel {
    public static func outcome(_ scenario: Scenario, predicate: @escaping (Int) -> Bool) -> Outcome<Int> {
        RxModels.TakeWhileModel.outcome(scenario, until: { !predicate($0) }, inclusive: false)
    }
}
