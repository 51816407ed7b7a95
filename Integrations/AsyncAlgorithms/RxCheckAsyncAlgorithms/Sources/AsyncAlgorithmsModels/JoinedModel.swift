import RxTestKit

/// `joined()` (guide Joined.md) over an outer source whose element `k` stands for inner source
/// `k % inners.count`: every element of each inner in the outer's order, an inner iterated only
/// once the one before finished; the first error, outer or inner, ends the output; it finishes
/// when the outer has finished and so has the last inner. Element order and end only: when an
/// inner is iterated is the operator's own business.
public enum JoinedModel {
    /// The output, ticks aside.
    public static func expected(_ scenario: Scenario) -> Expected {
        var elements: [String] = []
        for event in scenario.sources[0].events {
            switch event.value {
            case .next(let value):
                let count = scenario.inners.count
                let inner = scenario.inners[((value % count) + count) % count]
                var finished = false
                for innerEvent in inner.events {
                    switch innerEvent.value {
                    case .next(let element): elements.append("\(element)")
                    case .error(let id): return Expected(elements: elements, end: .threw(id))
                    case .completed: finished = true
                    }
                    if finished { break }
                }
                if !finished { return Expected(elements: elements, end: nil) }
            case .error(let id): return Expected(elements: elements, end: .threw(id))
            case .completed: return Expected(elements: elements, end: .finished)
            }
        }
        return Expected(elements: elements, end: nil)
    }
}
