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

extension Outcome {
    /// The outcome when the main observer disposes from inside `onNext` after `count` events,
    /// for operators whose sources are all subscribed at S: the output stops after that event
    /// and every source subscription still open is released at its tick.
    public func disposedInside(after count: Int) -> Outcome {
        guard count > 0, count <= events.count else { return self }
        let cut = events[count - 1]
        guard !cut.value.isStopEvent else { return self }
        func release(_ log: [Subscription]) -> [Subscription] {
            log.filter { $0.subscribe <= cut.time }.map { Subscription($0.subscribe, min($0.unsubscribe, cut.time)) }
        }
        return Outcome(events: Array(events.prefix(count)), sourceLogs: sourceLogs.map(release),
                       innerLogs: innerLogs.map(release), extraEvents: extraEvents)
    }
}
