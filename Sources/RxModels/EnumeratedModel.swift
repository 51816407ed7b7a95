import RxTestKit

/// enumerated (SEMANTICS §4 by analogy with map): each element with its position.
public enum EnumeratedModel {
    /// Pairs encoded as `index * 10 + element`.
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var index = -1
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        return PassThrough.run(&clock, &output, transform: { value in
            index += 1
            return index * 10 + value
        })
    }
}
