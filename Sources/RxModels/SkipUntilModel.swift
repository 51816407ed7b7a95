import RxCore
import RxTestKit

/// skip(until:) (SEMANTICS §5): sources[0] the source (subscribed first), sources[1] the
/// other. Other's first element opens the gate and is unsubscribed; other completing empty
/// only unsubscribes it. The source completing with the gate closed ends nothing — the output
/// never terminates. A synchronous other is not stopped by that unsubscription (it is still
/// inside its subscribe call, and the disposal reaches it only when that call returns): an
/// error it sends after its element still fails the output.
public enum SkipUntilModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let other = clock.subscribe(inTurn: [.source(0), .source(1)])[1]
        var open = false
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.source(1), .next):
                open = true
                clock.unsubscribe(other, stoppingDelivery: false)
            case (.source(1), .completed): break
            case (_, .error): output.forwardTerminal(arrival)
            case (_, .next(let value)): if open { output.emit(.next(value), at: arrival.tick) }
            case (_, .completed):
                if open { output.emit(.completed, at: arrival.tick) } else { clock.unsubscribe(other) }
            }
        }
    }
}
