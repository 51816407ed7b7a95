import RxCore
import RxTestKit

/// startWith (SEMANTICS §3): the prefix at S, then the source mirrored.
public enum StartWithModel {
    public static func outcome(_ scenario: Scenario, prefix: [Int]) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = ModelOutput<Int>()
        for value in prefix { output.emit(.next(value), at: clock.tick) }
        clock.subscribe(.source(0))
        return Mirror.run(&clock, &output, transform: { $0 })
    }
}

/// Mirrors the remaining arrivals of a single source, mapping elements; shared by the models
/// of operators that pass events through.
enum Mirror {
    static func run<R>(_ clock: inout ModelClock, _ output: inout ModelOutput<R>,
                       transform: (Int) -> R?) -> Outcome<R> {
        while !output.isTerminated, let arrival = clock.next() {
            switch arrival.value {
            case .next(let value): if let mapped = transform(value) { output.emit(.next(mapped), at: arrival.tick) }
            case .error(let id): output.emit(.error(TestError(id)), at: arrival.tick)
            case .completed: output.emit(.completed, at: arrival.tick)
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }
}
