import RxCore
import RxTestKit

extension Outcome {
    /// The same outcome with every element transformed (logs unchanged).
    public func mapElements<Other: Equatable>(_ transform: (Element) -> Other) -> Outcome<Other> {
        Outcome<Other>(events: events.map { Recorded(time: $0.time, value: $0.value.map(transform)) },
                       sourceLogs: sourceLogs, innerLogs: innerLogs)
    }
}

/// Runs a single-source model: subscribes sources[0] at S and hands every arrival to `step`,
/// which emits through `output`. Shared by the models of operators that read one source.
enum SingleSource {
    static func run<Element>(_ scenario: Scenario,
                             step: (Arrival, inout ModelOutput<Element>) -> Void) -> Outcome<Element> {
        var clock = ModelClock(scenario)
        var output = ModelOutput<Element>()
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
