import RxTestKit

/// create (SEMANTICS §1.4): a subscription handler that forwards sources[0] is mirrored, and
/// nothing passes after a terminal.
public enum CreateModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = ModelOutput<Int>()
        clock.subscribe(.source(0))
        return Mirror.run(&clock, &output, transform: { $0 })
    }
}
