import RxTestKit

/// skip(while:) (SEMANTICS §5): drop while the predicate holds; from the first element where
/// it fails, forward everything.
public enum SkipWhileModel {
    public static func outcome(_ scenario: Scenario, predicate: (Int) -> Bool) -> Outcome<Int> {
        var skipping = true
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return PassThrough.run(&clock, &output, transform: { value in
            if skipping { skipping = predicate(value) }
            return skipping ? nil : value
        })
    }
}
