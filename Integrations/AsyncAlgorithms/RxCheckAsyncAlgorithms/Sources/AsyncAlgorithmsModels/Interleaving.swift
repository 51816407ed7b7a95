// Models of operators that iterate several sources at once (merge, zip, combineLatest): their
// output depends on which source's event the operator takes first, which the schedule decides.
// Such a model is a machine fed one source event at a time; a run fits it when some order of
// the sources' events — each source's in its own order, none taken before it is available, and
// nothing emitted before the latest event taken was available — makes the machine produce
// exactly what the consumer saw.

import RxTestKit

extension SourceTimeline {
    /// When each event can be taken at the earliest: a buffered (hot) source's at its tick, a
    /// rendezvous (cold) or synchronous source's at its offset from the start of its first
    /// iteration (`start`; never, when it was never iterated).
    public func availability(start: Int?) -> [Int] {
        switch flavor {
        case .hot, .behavior: return events.map(\.tick)
        case .cold: return events.map { event in start.map { $0 + event.tick } ?? .max }
        case .synchronous: return events.map { _ in start ?? .max }
        }
    }
}

/// A deterministic machine over source events, in the order the operator takes them.
public protocol InterleavingMachine {
    associatedtype State: Hashable
    /// The state before any event.
    var initial: State { get }
    /// Whether the operator can take the next event of `source` now (a zip holding an element
    /// of that source cannot; it asks again only once its tuple is out).
    func canTake(_ state: State, source: Int) -> Bool
    /// Takes one event of `source`: the next state, the elements that makes it emit, and the
    /// end it causes, if any.
    func take(_ state: State, source: Int, event: TimelineValue) -> (State, [String], End?)
}

extension InterleavingMachine {
    /// By default, any source's event may come next.
    public func canTake(_ state: State, source: Int) -> Bool { true }
}

/// A point of the search: how far each source has been taken, the machine's state, how many
/// observed elements are explained, and the earliest tick that can be now (the latest
/// availability among the events taken).
private struct SearchKey<State: Hashable>: Hashable {
    var positions: [Int]
    var state: State
    var matched: Int
    var floor: Int
}

/// The check of a run against an interleaving machine.
public enum Interleavings {
    /// Why no order of the sources' events explains `observed` through `machine`, or nil when
    /// one does. A cancelled output needs only its elements before the cancel to be a prefix of
    /// some order's output.
    public static func judge<Machine: InterleavingMachine>(_ machine: Machine, sources: [SourceTimeline],
                                                           _ observed: Observed) -> String? {
        let available = sources.indices.map { sources[$0].availability(start: observed.sourceStarts[$0]) }
        let judged = observed.judgedElements
        let values = judged.map(\.value)
        let ticks = judged.map(\.tick)
        let complete = observed.endedBeforeCancel
        let drained = observed.drained && !complete
        // A cancelled output needs only a prefix — unless the window was left open (`drained`):
        // then the machine must have had nothing more to take.
        func prefixDone(_ count: Int) -> Bool { !complete && !drained && count == values.count }
        func drainedDone(_ positions: [Int], _ state: Machine.State, _ count: Int) -> Bool {
            drained && count == values.count
                && sources.indices.allSatisfy { positions[$0] == sources[$0].events.count || !machine.canTake(state, source: $0) }
        }
        var visited = Set<SearchKey<Machine.State>>()
        var budget = 200_000
        var deepest = 0

        func search(_ positions: [Int], _ state: Machine.State, _ matched: Int, _ floor: Int) -> Bool {
            deepest = max(deepest, matched)
            if prefixDone(matched) || drainedDone(positions, state, matched) { return true }
            budget -= 1
            guard budget > 0, visited.insert(SearchKey(positions: positions, state: state, matched: matched, floor: floor)).inserted
            else { return false }
            for source in sources.indices where positions[source] < sources[source].events.count {
                guard machine.canTake(state, source: source) else { continue }
                let index = positions[source]
                // Taking an event means its time has come: nothing after it can be earlier.
                let at = max(floor, available[source][index])
                let (next, emitted, end) = machine.take(state, source: source, event: sources[source].events[index].value)
                var count = matched
                var fits = true
                for element in emitted {
                    guard count < values.count, values[count] == element, ticks[count] >= at else {
                        // A cancelled output may stop anywhere inside what this event emits.
                        fits = prefixDone(count)
                        break
                    }
                    count += 1
                }
                guard fits else { continue }
                if prefixDone(count) { return true }
                if let end {
                    if count == values.count, let seen = observed.end, seen.how == end, seen.tick >= at { return true }
                    continue
                }
                var moved = positions
                moved[source] += 1
                if search(moved, next, count, at) { return true }
            }
            return false
        }

        if search(sources.map { _ in 0 }, machine.initial, 0, Int.min) { return nil }
        if budget <= 0 { return nil }  // Too many orders to rule out: no verdict.
        let shown = Judge.list(values)
        if complete, let end = observed.end {
            return "no order of the sources' events gives elements \(shown) and then \(end.how) at \(end.tick)"
                + " (the longest explained prefix has \(deepest) element\(deepest == 1 ? "" : "s"))"
        }
        if drained {
            return "with the window left open, no order of the sources' events gives elements \(shown) and nothing more"
                + " (the longest explained prefix has \(deepest) element\(deepest == 1 ? "" : "s"))"
        }
        return "no order of the sources' events gives elements \(shown) before the cancel"
            + " (the longest explained prefix has \(deepest) element\(deepest == 1 ? "" : "s"))"
    }
}
