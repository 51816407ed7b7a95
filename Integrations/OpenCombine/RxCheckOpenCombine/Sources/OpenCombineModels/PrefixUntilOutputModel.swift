import RxCore
import RxModels
import RxTestKit

/// `prefix(untilOutputFrom:)`: "Republishes elements until another publisher emits an element."
/// The other's first element finishes the output and cancels both. The other finishing or failing
/// without an element ends only the other: the upstream goes on (OpenCombine's
/// `testTerminatorFinishesWithoutProducingValues`, `testTerminatorFailsWithoutProducingValues`,
/// which hold against Apple's Combine too). sources[0] is the upstream, sources[1] the other.
public enum PrefixUntilOutputModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let other = clock.subscribe(inTurn: [.source(1), .source(0)])[0]
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.source(1), .next): output.emit(.completed, at: arrival.tick)
            case (.source(1), _): clock.unsubscribe(other)
            case (_, .next(let value)): output.emit(.next(value), at: arrival.tick)
            case (_, _): output.forwardTerminal(arrival)
            }
        }
    }
}
