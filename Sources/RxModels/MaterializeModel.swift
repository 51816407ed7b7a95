import RxCore
import RxTestKit

/// materialize / dematerialize (SEMANTICS §4).
public enum MaterializeModel {
    /// Each event as an element; after a terminal's element, `completed` at the same tick.
    public static func outcome(_ scenario: Scenario) -> Outcome<Event<Int>> {
        SingleSource.run(scenario) { arrival, output in
            output.emit(.next(arrival.value.event), at: arrival.tick)
            if arrival.value.isTerminal { output.emit(.completed, at: arrival.tick) }
        }
    }

    /// Elements `decode`d to events and replayed as events; the source's terminal forwarded.
    public static func outcome(dematerializing scenario: Scenario, decode: (Int) -> Event<Int>) -> Outcome<Int> {
        SingleSource.run(scenario) { arrival, output in
            guard case .next(let value) = arrival.value else { return output.forwardTerminal(arrival) }
            output.emit(decode(value), at: arrival.tick)
        }
    }
}
