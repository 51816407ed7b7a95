import RxCore
import RxTestKit

/// flatMapFirst: like flatMap, but an outer element arriving while an inner is live is
/// dropped. sources[0] is the outer; element k stands for `inners[k % inners.count]`.
public enum FlatMapFirstModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let outer = clock.subscribe(.source(0))
        var live: Int?
        var outerDone = false
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.timer, _), (.harness, _): return   // this model arms no timers and has one subscriber
            case (.source, .next(let value)):
                if live == nil { live = clock.subscribe(.inner(value % max(1, scenario.inners.count))) }
            case (.source, .completed):
                outerDone = true
                clock.unsubscribe(outer)
                if live == nil { output.emit(.completed, at: arrival.tick) }
            case (.inner, .next(let value)): output.emit(.next(value), at: arrival.tick)
            case (.inner, .completed):
                live = nil
                if outerDone { output.emit(.completed, at: arrival.tick) }
            case (_, .error): output.forwardTerminal(arrival)
            }
        }
    }
}
