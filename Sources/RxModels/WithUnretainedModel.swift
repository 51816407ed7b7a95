import RxCore
import RxTestKit

/// withUnretained, with an object its run releases as soon as an element of at least
/// `releasedFrom` arrives: elements before that are paired with it (the pair's element comes
/// out); that element, the first to find the object gone, completes the output instead. The
/// object is not held while a pair is delivered: an element fed back during that delivery that
/// releases it completes the output too.
public enum WithUnretainedModel {
    public static func outcome(_ scenario: Scenario, releasedFrom threshold: Int) -> Outcome<Int> {
        var released = false
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value):
                if value >= threshold { released = true }
                output.emit(released ? .completed : .next(value), at: arrival.tick)
            default: output.forwardTerminal(arrival)
            }
        }
    }
}
