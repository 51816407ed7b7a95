// The walk every model of a one-source, pull-driven operator shares: the operator asks its
// source for an element only when its consumer asks it for one, so what it emits and when
// follows from the source's events, their availability and the consumer's pace.

import RxTestKit

/// A pull-driven operator over one source, as a function of the events it takes.
public struct SingleSource<State> {
    /// The state before any element.
    public var initial: State
    /// Takes an element: the elements it makes the operator emit (one per consumer request).
    public var element: (inout State, Int) -> [String]
    /// Takes the source's completion: what the operator emits before it finishes.
    public var completion: (inout State) -> [String] = { _ in [] }

    /// An operator starting from `initial` that answers each element with `element`.
    public init(initial: State, element: @escaping (inout State, Int) -> [String]) {
        self.initial = initial
        self.element = element
    }

    /// The output over `scenario.sources[source]` (first iterated at `start`, by default
    /// `subscribed`) for a consumer that starts at `subscribed`
    /// and spends `pace` ticks per element: elements, end, and the ticks of both — each event
    /// taken at once when it is available (a buffered source's at its tick, another's at its
    /// offset from the first iteration) and the operator has been asked; an error ends the
    /// output at once, dropping what the operator held.
    public func expected(_ scenario: Scenario, source: Int = 0, pace: Int, start: Int? = nil) -> Expected {
        let timeline = scenario.sources[source]
        let start = start ?? scenario.subscribed
        var state = initial
        var elements: [String] = []
        var ticks: [Int] = []
        var asked = start
        func emit(_ outputs: [String], at tick: Int) {
            var when = tick
            for output in outputs {
                elements.append(output)
                ticks.append(when)
                when += pace
                asked = when
            }
        }
        for (event, available) in zip(timeline.events, timeline.availability(start: start)) {
            let at = max(available, asked)
            switch event.value {
            case .next(let value):
                asked = at
                emit(element(&state, value), at: at)
            case .completed:
                emit(completion(&state), at: at)
                return Expected(elements: elements, end: .finished, ticks: ticks + [max(at, asked)])
            case .error(let id):
                return Expected(elements: elements, end: .threw(id), ticks: ticks + [at])
            }
        }
        return Expected(elements: elements, end: nil, ticks: ticks)
    }
}
