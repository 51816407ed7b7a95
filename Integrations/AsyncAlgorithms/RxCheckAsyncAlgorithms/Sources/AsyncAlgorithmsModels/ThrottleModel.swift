import RxTestKit

/// `_throttle(for: interval, clock:, latest:)` (guide Throttle.md and its tests' diagrams) over a
/// buffered source, for a consumer that asks at once: the first element passes; later ones are
/// reduced — to the latest, or with `latest: false` to the oldest since the last emission —
/// until one arrives at least `interval` after the last emission, and the reduction is emitted
/// then. At the finish, a pending reduction is emitted once the interval since the last
/// emission has passed, and the output finishes with it ("a--d--g--j--[k|]"); an error ends it
/// at once, dropping what was pending. Elements buffered before the first iteration arrive at it.
public enum ThrottleModel {
    /// The output for an `interval` in ticks, reducing to the latest (or the oldest) element,
    /// source 0 first iterated at `start`.
    public static func expected(_ scenario: Scenario, interval: Int, latest: Bool, start: Int? = nil) -> Expected {
        let start = start ?? scenario.subscribed
        var elements: [String] = []
        var ticks: [Int] = []
        var last: Int?
        var pending: Int?
        for event in scenario.sources[0].events {
            let arrival = max(event.tick, start)
            switch event.value {
            case .next(let value):
                pending = latest ? value : (pending ?? value)
                if last.map({ arrival - $0 >= interval }) ?? true {
                    elements.append("\(pending!)")
                    ticks.append(arrival)
                    last = arrival
                    pending = nil
                }
            case .completed:
                if let held = pending, let last {
                    let at = max(arrival, last + interval)
                    return Expected(elements: elements + ["\(held)"], end: .finished, ticks: ticks + [at, at])
                }
                return Expected(elements: elements, end: .finished, ticks: ticks + [arrival])
            case .error(let id):
                return Expected(elements: elements, end: .threw(id), ticks: ticks + [arrival])
            }
        }
        return Expected(elements: elements, end: nil, ticks: ticks)
    }
}
