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
        LeftOpen.untilOutput(scenario, onOther: { arrival, output in
            if case .next = arrival.value { return }   // the gate opens
            output.forwardTerminal(arrival)
        }, onUpstream: { arrival, open, output in
            if case .next(let value) = arrival.value {
                if open { output.emit(.next(value), at: arrival.tick) }
            } else {
                output.forwardTerminal(arrival)
            }
        })
    }
}
