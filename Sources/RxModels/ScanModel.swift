import RxTestKit

/// scan (SEMANTICS §4): the running accumulation after each element; the seed is never emitted.
public enum ScanModel {
    public static func outcome(_ scenario: Scenario, seed: Int, accumulator: (Int, Int) throws -> Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        var accumulated = seed
        return PassThrough.run(&clock, &output, transform: { value in
            accumulated = try accumulator(accumulated, value)
            return accumulated
        })
    }
}
