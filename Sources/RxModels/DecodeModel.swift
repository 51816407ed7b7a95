import RxCore
import RxTestKit

/// decode(type:decoder:): every element decoded at its tick; the first that cannot be fails
/// the output with the decoder's error.
public enum DecodeModel {
    public static func outcome(_ scenario: Scenario, decode: (Int) throws -> Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return PassThrough.run(&clock, &output, transform: decode)
    }
}
