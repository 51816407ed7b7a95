import RxCore
import RxTestKit

/// decode(type:decoder:) is map with the decoder as its transform: every element decoded at its
/// tick; the first that cannot be fails the output with the decoder's error.
public enum DecodeModel {
    public static func outcome(_ scenario: Scenario, decode: (Int) throws -> Int) -> Outcome<Int> {
        MapModel.outcome(scenario, transform: decode)
    }
}
