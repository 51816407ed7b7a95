import RxCore
import RxTestKit

/// startWith (SEMANTICS §3): the prefix at S, then the source mirrored.
public enum StartWithModel {
    public static func outcome(_ scenario: Scenario, prefix: [Int]) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        for value in prefix { output.emit(.next(value), at: clock.tick) }
        clock.subscribe(.source(0))
        return PassThrough.run(&clock, &output, transform: { $0 })
    }
}
