import RxTestKit

/// map (SEMANTICS §4): each element transformed at its tick; terminals forwarded.
public enum MapModel {
    public static func outcome(_ scenario: Scenario, transform: (Int) throws -> Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return PassThrough.run(&clock, &output, transform: transform)
    }
}
