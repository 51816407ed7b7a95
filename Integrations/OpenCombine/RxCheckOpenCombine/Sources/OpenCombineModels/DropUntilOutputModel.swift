import RxCore
import RxModels
import RxTestKit

/// `drop(untilOutputFrom:)`: "Ignores elements from the upstream publisher until it receives an
/// element from a second publisher." The other's first element opens the gate and cancels the
/// other. Before that, the other finishing finishes the output and cancels the upstream
/// (OpenCombine's `testOtherCompletesBeforeTriggering`), and its failure fails the output. The
/// upstream's completion is passed on at any time. sources[0] is the upstream, sources[1] the
/// other, subscribed first.
public enum DropUntilOutputModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let other = clock.subscribe(inTurn: [.source(1), .source(0)])[0]
        var open = false
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.source(1), .next):
                open = true
                clock.unsubscribe(other)
            case (.source(1), _): output.forwardTerminal(arrival)
            case (_, .next(let value)): if open { output.emit(.next(value), at: arrival.tick) }
            case (_, _): output.forwardTerminal(arrival)
            }
        }
    }
}
