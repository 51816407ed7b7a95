import RxTestKit

/// `flatMapLatest { inner($0) }` (guide FlatMapLatest.md) over a buffered outer source whose
/// element `k` stands for inner source `k % inners.count`, started anew (a rendezvous source,
/// counting from when it is started), for a consumer that asks at once: each outer element
/// switches to its inner at once — the previous inner's later elements are dropped — and the
/// inner's elements pass; the output finishes once the outer has finished and the current inner
/// (if any) has; the first error, outer or current inner, ends it. An inner event at the very
/// tick of the next outer element may come before or after the switch (both are predicted).
public enum FlatMapLatestModel {
    /// Every output an order of same-tick switches and inner events can give, the outer source
    /// first iterated at `start`.
    public static func alternatives(_ scenario: Scenario, start: Int? = nil) -> [Expected] {
        let start = start ?? scenario.subscribed
        let outer = scenario.sources[0].events.map { (max($0.tick, start), $0.value) }
        let count = max(scenario.inners.count, 1)
        var results: [Expected] = []

        /// `inner`: the current inner's events still to come, at absolute ticks, and whether it ended.
        func walk(_ index: Int, _ inner: [(Int, TimelineValue)]?, _ outerDone: Bool, _ elements: [String], _ ticks: [Int]) {
            guard results.count < 4_096 else { return }
            let nextOuter = index < outer.count ? outer[index].0 : Int.max
            if let inner, let (tick, value) = inner.first, tick <= nextOuter {
                func take() {
                    let rest = Array(inner.dropFirst())
                    switch value {
                    case .next(let element): walk(index, rest, outerDone, elements + ["\(element)"], ticks + [tick])
                    case .error(let id): results.append(Expected(elements: elements, end: .threw(id), ticks: ticks + [tick]))
                    case .completed:
                        if outerDone { results.append(Expected(elements: elements, end: .finished, ticks: ticks + [tick])) }
                        else { walk(index, nil, outerDone, elements, ticks) }
                    }
                }
                if tick < nextOuter { take(); return }
                take()  // tick == nextOuter: the inner's event first …
                // … or the switch first (falls through).
            }
            guard index < outer.count else {
                // The outer never ends: the output waits.
                results.append(Expected(elements: elements, end: nil, ticks: ticks))
                return
            }
            let (arrival, value) = outer[index]
            switch value {
            case .next(let k):
                let timeline = scenario.inners[((k % count) + count) % count]
                walk(index + 1, timeline.events.map { (arrival + $0.tick, $0.value) }, false, elements, ticks)
            case .error(let id):
                results.append(Expected(elements: elements, end: .threw(id), ticks: ticks + [arrival]))
            case .completed:
                if inner == nil { results.append(Expected(elements: elements, end: .finished, ticks: ticks + [arrival])) }
                else { walk(index + 1, inner, true, elements, ticks) }
            }
        }
        walk(0, nil, false, [], [])
        return results
    }
}
