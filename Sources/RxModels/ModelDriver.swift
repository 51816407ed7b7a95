import RxCore
import RxTestKit

// The two loops most models are: a single source run through a step function, and a single
// source passed through with a transform. Both stop at the output's end and release every
// subscription then.

/// Runs a single-source model: subscribes sources[0] at S and hands every arrival to `step`,
/// which emits through `output`. Shared by the models of operators that read one source.
enum SingleSource {
    static func run<Element>(_ scenario: Scenario,
                             step: (Arrival, inout ModelOutput<Element>) -> Void) -> Outcome<Element> {
        var clock = ModelClock(scenario)
        var output = clock.output(Element.self)
        clock.subscribe(.source(0))
        while !output.isTerminated, let arrival = clock.next() {
            step(arrival, &output)
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }

    /// Forwards a terminal arrival as the output's terminal.
    static func forwardTerminal<Element>(_ arrival: Arrival, _ output: inout ModelOutput<Element>) {
        switch arrival.value {
        case .error(let id): output.emit(.error(TestError(id)), at: arrival.tick)
        case .completed: output.emit(.completed, at: arrival.tick)
        case .next: break
        }
    }
}

/// Passes the remaining arrivals of a single source through, mapping elements; shared by the
/// models of operators that pass events through.
enum PassThrough {
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
