import RxCore
import RxTestKit

/// single() and the traits' conversions (SEMANTICS §10).
public enum SingleModel {
    /// `single()`: the element at its tick; `moreThanOneElement` at a second one;
    /// `noElements` on an empty completion.
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        outcome(scenario) { _ in true }
    }

    /// `single(predicate)`: as `single()` over the elements `predicate` accepts; the others are
    /// dropped.
    public static func outcome(_ scenario: Scenario, predicate: (Int) -> Bool) -> Outcome<Int> {
        var seen = false
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value):
                guard predicate(value) else { return }
                if seen { return output.emit(.error(RxError.moreThanOneElement), at: arrival.tick) }
                seen = true
                output.emit(.next(value), at: arrival.tick)
            case .completed:
                output.emit(seen ? .completed : .error(RxError.noElements), at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }

    /// `asSingle()` (or `asMaybe()` with `emptyIsError` false): the element and `completed` at
    /// the source's completion tick.
    public static func outcome(converting scenario: Scenario, emptyIsError: Bool) -> Outcome<Int> {
        var element: Int?
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value):
                if element != nil { return output.emit(.error(RxError.moreThanOneElement), at: arrival.tick) }
                element = value
            case .completed:
                if let element {
                    output.emit(.next(element), at: arrival.tick)
                    output.emit(.completed, at: arrival.tick)
                } else {
                    output.emit(emptyIsError ? .error(RxError.noElements) : .completed, at: arrival.tick)
                }
            case .error: output.forwardTerminal(arrival)
            }
        }
    }

    /// `first()`: the first element (or nil on an empty completion) and `completed` at its tick.
    public static func outcome(first scenario: Scenario) -> Outcome<Int?> {
        SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value):
                output.emit(.next(value), at: arrival.tick)
                output.emit(.completed, at: arrival.tick)
            case .completed:
                output.emit(.next(nil), at: arrival.tick)
                output.emit(.completed, at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }
}
