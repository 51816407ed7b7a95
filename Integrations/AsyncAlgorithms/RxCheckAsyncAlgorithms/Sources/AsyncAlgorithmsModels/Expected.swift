// The prediction of a model whose output is one sequence for a given scenario, and how a run is
// held against it — the rules for a cancelled consumer included.

import RxTestKit

/// One output sequence predicted in full: its elements and how it ends (nil: it never ends on
/// its own). `ticks`, when set, are the ticks of the elements and of the end (last), predicted
/// for a consumer that asks at once over sources whose timing is known (buffered sources).
public struct Expected: Equatable, Sendable {
    /// The elements, described as the outcome describes them.
    public var elements: [String]
    /// How it ends; nil: it waits for ever.
    public var end: End?
    /// The elements' ticks, then the end's; nil when not predicted.
    public var ticks: [Int]?

    /// A prediction of these parts.
    public init(elements: [String], end: End?, ticks: [Int]? = nil) {
        self.elements = elements
        self.end = end
        self.ticks = ticks
    }
}

/// Holding runs against predictions.
public enum Judge {
    /// Why `observed` does not fit `expected`, or nil when it does:
    /// - an output that ended before any cancel has exactly the predicted elements and end (and
    ///   ticks, where predicted);
    /// - a cancelled output has, before the cancel, a prefix of them (at their ticks, where
    ///   predicted); what it does from the cancel on is not judged here (see `judgedElements`).
    public static func sequence(_ expected: Expected, _ observed: Observed) -> String? {
        let judged = observed.judgedElements
        let values = judged.map(\.value)
        if observed.endedBeforeCancel, let end = observed.end {
            if values != expected.elements {
                return "elements \(list(values)), expected \(list(expected.elements))"
            }
            guard let wanted = expected.end else {
                return "the output \(end.how) at \(end.tick), but its sources never end: it should wait"
            }
            if end.how != wanted { return "the output \(end.how), expected it \(wanted)" }
            if let ticks = expected.ticks {
                let got = observed.elements.map(\.tick) + [end.tick]
                if got != ticks { return "ticks \(got.map(String.init).joined(separator: ", ")), expected \(ticks.map(String.init).joined(separator: ", "))" }
            }
            return nil
        }
        guard values.count <= expected.elements.count, Array(expected.elements.prefix(values.count)) == values else {
            return "elements \(list(values)) are not a prefix of the expected \(list(expected.elements))"
        }
        if observed.drained {
            if let end = expected.end {
                return "with the window left open the output never ended (expected \(list(expected.elements)) and \(end))"
            }
            if values.count < expected.elements.count {
                return "with the window left open, elements \(list(Array(expected.elements.dropFirst(values.count)))) never came "
                    + "(got \(list(values)))"
            }
        }
        if let ticks = expected.ticks, let cancel = observed.cancelledAt {
            for (index, element) in judged.enumerated() where ticks[index] != element.tick {
                return "element #\(index + 1) (\(element.value)) at \(element.tick), expected at \(ticks[index])"
            }
            if values.count < expected.elements.count && ticks[values.count] < cancel {
                return "element #\(values.count + 1) (\(expected.elements[values.count])) was due at \(ticks[values.count]), before the cancel at \(cancel), and never came"
            }
        }
        return nil
    }

    /// Why `observed` fits none of `alternatives` (the first one's reason), or nil when it fits
    /// one: for operators whose output depends on which of two things due at the same tick
    /// happens first (a timer and an arrival).
    public static func anyOf(_ alternatives: [Expected], _ observed: Observed) -> String? {
        var first: String?
        for expected in alternatives {
            guard let problem = sequence(expected, observed) else { return nil }
            if first == nil { first = problem }
        }
        guard let first else { return "no prediction" }
        return alternatives.count == 1 ? first : first + " (and fits none of the \(alternatives.count) same-tick orders)"
    }

    /// Why `observed` is not `source`'s elements in order with some dropped, ending as the
    /// source does, or nil when it is: for operators that may drop (lossy buffers).
    public static func subsequence(of timeline: SourceTimelineValues, _ observed: Observed) -> String? {
        let values = observed.judgedElements.map(\.value)
        var index = 0
        for value in values {
            while index < timeline.elements.count && timeline.elements[index] != value { index += 1 }
            guard index < timeline.elements.count else {
                return "elements \(list(values)) are not the source's \(list(timeline.elements)) with some left out"
            }
            index += 1
        }
        if observed.endedBeforeCancel, let end = observed.end, end.how != timeline.end {
            return timeline.end.map { "the output \(end.how), the source \($0)" } ?? "the output \(end.how), but the source never ends"
        }
        return nil
    }

    static func list(_ values: [String]) -> String { "[" + values.joined(separator: " ") + "]" }
}

/// A source's elements (described) and how it ends, ticks aside.
public struct SourceTimelineValues: Equatable, Sendable {
    /// The elements up to the terminal, described.
    public var elements: [String]
    /// The terminal; nil when the timeline has none.
    public var end: End?

    /// The values of `timeline`.
    public init(_ timeline: SourceTimeline) {
        elements = []
        end = nil
        for event in timeline.events {
            switch event.value {
            case .next(let value): elements.append("\(value)")
            case .error(let id): end = .threw(id)
            case .completed: end = .finished
            }
            if end != nil { break }
        }
    }

    /// The whole timeline, predicted as it is (ticks not predicted).
    public var expected: Expected { Expected(elements: elements, end: end) }
}
