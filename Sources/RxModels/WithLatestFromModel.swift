import RxCore
import RxTestKit

/// withLatestFrom (SEMANTICS §3): sources[0] is `first`, sources[1] is `second`. Second is
/// subscribed first. Only first's elements emit, with second's latest value; without one they
/// are dropped. Second completing is never forwarded (its value stays); first's terminal and
/// second's error end the output.
public enum WithLatestFromModel {
    @_specialize(where R == Int)
    public static func outcome<R>(_ scenario: Scenario, selector: (Int, Int) -> R) -> Outcome<R> {
        var clock = ModelClock(scenario)
        var output = clock.output(R.self)
        let second = clock.subscribe(inTurn: [.source(1), .source(0)])[0]
        var latest: Int?
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.source(1), .next(let value)): latest = value
            case (.source(1), .completed): clock.unsubscribe(second)
            case (_, .error): output.forwardTerminal(arrival)
            case (_, .next(let value)):
                if let latest { output.emit(.next(selector(value, latest)), at: arrival.tick) }
            case (_, .completed): output.emit(.completed, at: arrival.tick)
            }
        }
    }
}
