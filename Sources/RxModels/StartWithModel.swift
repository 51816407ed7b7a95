import RxCore
import RxTestKit

/// startWith (SEMANTICS §3): the prefix at S, then the source mirrored.
public enum StartWithModel {
    public static func outcome(_ scenario: Scenario, prefix: [Int]) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        for value in prefix { output.emit(.next(value), at: clock.tick) }
        clock.subscribe(.source(0))
        return Mirror.run(&clock, &output, transform: { $0 })
    }
}

/// Mirrors the remaining arrivals of a single source, mapping elements; shared by the models
/// of operators that pass events through.
enum Mirror {
    /// A throwing `transform` ends the output with the thrown error at that tick (SEMANTICS 1.1).
    static func run<R>(_ clock: inout ModelClock, _ output: inout ModelOutput<R>,
                       transform: (Int) throws -> R?) -> Outcome<R> {
        while !output.isTerminated, let arrival = clock.next() {
            switch arrival.value {
            case .next(let value):
                do {
                    if let mapped = try transform(value) {
                        output.emit(.next(mapped), at: arrival.tick)
                    }
                } catch {
                    output.emit(.error(error), at: arrival.tick)
                }
            case .error(let id): output.emit(.error(TestError(id)), at: arrival.tick)
            case .completed: output.emit(.completed, at: arrival.tick)
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }
}
