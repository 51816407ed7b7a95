import RxTestKit

/// ignoreElements: only the terminal.
public enum IgnoreElementsModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return PassThrough.run(&clock, &output, transform: { _ in nil })
    }
}
