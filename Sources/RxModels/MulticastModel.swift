import RxCore
import RxTestKit

/// multicast(_:selector:) with a `PublishSubject` and a selector that uses the shared sequence
/// twice, `merge(shared, shared.map { $0 + 100 })`: the source is subscribed once, after both
/// uses, so every element reaches both — v, then v + 100 — and a terminal ends the output.
public enum MulticastModel {
    public static func outcome(mergedWithOffset scenario: Scenario) -> Outcome<Int> {
        SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value):
                output.emit(.next(value), at: arrival.tick)
                output.emit(.next(value + 100), at: arrival.tick)
            default: output.forwardTerminal(arrival)
            }
        }
    }
}
