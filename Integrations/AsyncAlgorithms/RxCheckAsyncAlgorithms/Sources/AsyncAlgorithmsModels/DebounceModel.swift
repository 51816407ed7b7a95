import RxTestKit

/// `debounce(for: interval, clock:)` (guide Debounce.md and its tests' diagrams) over a buffered
/// source, for a consumer that asks at once: an element is emitted `interval` after it arrived
/// if no other arrived meanwhile; a finish emits the pending element at once and finishes
/// ("-[a|]"); an error throws at once, dropping it ("-^"). An arrival at the very tick an
/// element falls due may come before or after it (both orders are predicted). Elements
/// buffered before the first iteration arrive at it, together.
public enum DebounceModel {
    /// Every output an order of same-tick deadlines and arrivals can give, for an `interval` in
    /// ticks, source 0 first iterated at `start`.
    public static func alternatives(_ scenario: Scenario, interval: Int, start: Int? = nil) -> [Expected] {
        let start = start ?? scenario.subscribed
        let events = scenario.sources[0].events.map { (max($0.tick, start), $0.value) }
        var results: [Expected] = []
        func walk(_ index: Int, _ pending: (value: Int, due: Int)?, _ elements: [String], _ ticks: [Int]) {
            guard results.count < 4_096 else { return }
            guard index < events.count else {
                if let pending {
                    results.append(Expected(elements: elements + ["\(pending.value)"], end: nil, ticks: ticks + [pending.due]))
                } else {
                    results.append(Expected(elements: elements, end: nil, ticks: ticks))
                }
                return
            }
            let (arrival, value) = events[index]
            var pending = pending, elements = elements, ticks = ticks
            if let due = pending?.due, due < arrival {
                elements.append("\(pending!.value)")
                ticks.append(due)
                pending = nil
            } else if let held = pending, held.due == arrival {
                // The element falls due as the next event arrives: it may go out first.
                walk(index, nil, elements + ["\(held.value)"], ticks + [held.due])
            }
            switch value {
            case .next(let element):
                walk(index + 1, (element, arrival + interval), elements, ticks)
            case .completed:
                if let pending { elements.append("\(pending.value)"); ticks.append(arrival) }
                results.append(Expected(elements: elements, end: .finished, ticks: ticks + [arrival]))
            case .error(let id):
                results.append(Expected(elements: elements, end: .threw(id), ticks: ticks + [arrival]))
            }
        }
        walk(0, nil, [], [])
        return results
    }
}
