import RxTestKit

/// `chain(s0, s1[, s2])` (guide Chain.md): every element of each source in turn, moving to the
/// next source when one finishes; the first error ends the output; after the last source
/// finishes, so does the output. Ticks: a source's elements are taken when available (a
/// rendezvous or synchronous source's counted from `starts`, the tick its iteration began) and
/// asked for.
public enum ChainModel {
    /// The output for a consumer of pace `pace`; `starts` are the ticks each source was first
    /// iterated (from the run), where a rendezvous source's offsets count from.
    public static func expected(_ scenario: Scenario, pace: Int, starts: [Int?]) -> Expected {
        var elements: [String] = []
        var ticks: [Int] = []
        var asked = scenario.subscribed
        for (index, timeline) in scenario.sources.enumerated() {
            let start = starts[index] ?? asked
            var finished = false
            for (event, available) in zip(timeline.events, timeline.availability(start: start)) {
                let at = max(available, asked)
                switch event.value {
                case .next(let value):
                    elements.append("\(value)")
                    ticks.append(at)
                    asked = at + pace
                case .error(let id):
                    return Expected(elements: elements, end: .threw(id), ticks: ticks + [at])
                case .completed:
                    asked = at
                    finished = true
                }
                if finished { break }
            }
            if !finished { return Expected(elements: elements, end: nil, ticks: ticks) }
        }
        return Expected(elements: elements, end: .finished, ticks: ticks + [asked])
    }
}
