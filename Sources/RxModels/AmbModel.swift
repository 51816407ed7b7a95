import RxCore
import RxTestKit

/// amb (SEMANTICS §3): all sources subscribed in order; the first to deliver any event wins,
/// the others are unsubscribed at that tick; then the output mirrors the winner, which is
/// released after its terminal is forwarded (1.4).
public enum AmbModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        clock.predictsReleases = true
        var output = clock.output(Int.self)
        let ids = clock.subscribe(sourcesInTurn: scenario.sources.indices)
        var winner: Int?
        return clock.drive(&output) { arrival, clock, output in
            if winner == nil {
                winner = arrival.subscription
                for id in ids where id != arrival.subscription { clock.unsubscribe(id) }
            }
            switch arrival.value {
            case .next(let value): output.emit(.next(value), at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            case .completed: output.emit(.completed, at: arrival.tick)
            }
        }
    }
}
