import RxTestKit

/// filter (SEMANTICS §4): elements for which the predicate holds; terminals forwarded.
public enum FilterModel {
    public static func outcome(_ scenario: Scenario, predicate: (Int) throws -> Bool) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return PassThrough.run(&clock, &output, transform: { try predicate($0) ? $0 : nil })
    }
}
