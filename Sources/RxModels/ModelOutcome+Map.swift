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

extension Outcome {
    /// What the scenario's main observer records of this outcome of an operator that reads no
    /// source: when it disposes from inside `onNext` (`Scenario.disposeInsideAfter`), nothing
    /// after that element — whether the rest was due inside the subscribe call (dropped) or later
    /// (never produced).
    public func observed(in scenario: Scenario) -> Outcome {
        guard let count = scenario.disposeInsideAfter, count > 0, count <= events.count,
              !events[count - 1].value.isStopEvent else { return self }
        var cut = self
        cut.events = Array(events.prefix(count))
        return cut
    }
}
