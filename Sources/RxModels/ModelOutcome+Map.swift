import RxCore
import RxTestKit

extension Outcome {
    /// The same outcome with every element transformed (logs unchanged). Inlinable, so a
    /// property compiles it for its own types: unspecialised, every element looked its event
    /// and recorded types up at run time.
    @inlinable
    public func mapElements<Other: Equatable>(_ transform: (Element) -> Other) -> Outcome<Other> {
        Outcome<Other>(events: events.map { Recorded(time: $0.time, value: $0.value.map(transform)) },
                       sourceLogs: sourceLogs, innerLogs: innerLogs)
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
