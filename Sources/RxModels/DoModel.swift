import RxTestKit

/// do(…) (SEMANTICS §4 by analogy with map): events pass unchanged; the side effects are
/// checked by the property, not the model.
public enum DoModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return PassThrough.run(&clock, &output, transform: { $0 })
    }
}
