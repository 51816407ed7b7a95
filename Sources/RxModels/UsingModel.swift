import RxCore
import RxTestKit

/// using, with a resource that is a subscription to sources[1] and a sequence that is
/// sources[0]: the resource is made first, then the sequence subscribed; the output mirrors
/// sources[0]; when the output ends, both subscriptions end (the resource's events are
/// ignored; its own terminal only ends its subscription).
public enum UsingModel {
    public static func outcome(resourceIsSecondSource scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(inTurn: [.source(1), .source(0)])
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.source(1), _): break
            case (_, .next(let value)): output.emit(.next(value), at: arrival.tick)
            case (_, .error): output.forwardTerminal(arrival)
            case (_, .completed): output.emit(.completed, at: arrival.tick)
            }
        }
    }
}
