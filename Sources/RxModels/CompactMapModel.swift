import RxTestKit

/// compactMap (SEMANTICS §4): `transform(x)` when it is not nil; terminals forwarded.
public enum CompactMapModel {
    public static func outcome(_ scenario: Scenario, transform: (Int) -> Int?) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return PassThrough.run(&clock, &output, transform: transform)
    }
}
