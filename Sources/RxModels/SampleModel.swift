import RxCore
import RxTestKit

/// sample (SEMANTICS §3): sources[0] is the source (subscribed first), sources[1] the
/// sampler. A sampler element or completion is a tick: it emits the pending value (once) or
/// the default, then completes the output if the source has completed. Source completion
/// alone emits nothing; if the sampler completes first the output never terminates.
public enum SampleModel {
    public static func outcome(_ scenario: Scenario, defaultValue: Int?) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        _ = clock.subscribe(inTurn: [.source(0), .source(1)])
        var pending: Int?
        var sourceDone = false
        func handle(_ arrival: Arrival, _ clock: inout ModelClock, _ output: inout ModelOutput<Int>) {
            switch (arrival.timeline, arrival.value) {
            case (.source(0), .next(let value)): pending = value
            case (.source(0), .completed): sourceDone = true
            case (_, .error): output.forwardTerminal(arrival)
            case (_, .next), (_, .completed):
                if let value = pending ?? defaultValue {
                    pending = nil
                    output.emit(.next(value), at: arrival.tick)
                    // A value sent back meanwhile is handled before this tick goes on.
                    while !output.isTerminated, let fedBack = clock.nextFedBack() { handle(fedBack, &clock, &output) }
                }
                if sourceDone && !output.isTerminated { output.emit(.completed, at: arrival.tick) }
            }
        }
        return clock.drive(&output) { arrival, clock, output in handle(arrival, &clock, &output) }
    }
}
