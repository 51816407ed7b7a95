import RxTestKit

/// deferred (SEMANTICS §2): the factory runs at S; its result (sources[0]) is subscribed at
/// once and mirrored.
public enum DeferredModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return PassThrough.run(&clock, &output, transform: { $0 })
    }
}
