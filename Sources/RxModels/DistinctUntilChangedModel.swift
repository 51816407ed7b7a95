import RxTestKit

/// distinctUntilChanged (SEMANTICS §4): an element passes unless it equals the last *emitted*
/// one under `equal`; the first always passes.
public enum DistinctUntilChangedModel {
    public static func outcome(_ scenario: Scenario, equal: (Int, Int) throws -> Bool = (==)) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        var lastEmitted: Int?
        return PassThrough.run(&clock, &output, transform: { value in
            if let lastEmitted, try equal(lastEmitted, value) { return nil }
            lastEmitted = value
            return value
        })
    }
}
