import RxTestKit

/// skip(n) (SEMANTICS §5): drops the first n elements; terminals forwarded.
public enum SkipModel {
    public static func outcome(_ scenario: Scenario, count: Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        var seen = 0
        return PassThrough.run(&clock, &output, transform: { value in
            seen += 1
            return seen > count ? value : nil
        })
    }
}
