// The prediction of a model whose output is one sequence for a given scenario, and how a run is
// held against it — the rules for a cancelled consumer included.

/// One output sequence predicted in full: its elements and how it ends (nil: it never ends on
/// its own). `ticks`, when set, are the ticks of the elements and of the end (last), predicted
/// for a consumer that asks at once over sources whose timing is known (buffered sources).
public struct Expected: Equatable, Sendable {
    public var elements: [String]
    public var end: End?
    public var ticks: [Int]?

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

    static func list(_ values: [String]) -> String { "[" + values.joined(separator: " ") + "]" }
}
