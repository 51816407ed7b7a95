import RxTestKit

/// `share()` (guide Share.md; the default `.bounded(1)` policy, which holds the base back until
/// every side has taken an element, so nothing is dropped): "each consumption independently can
/// make forward progress and get the same values but do not replay from the beginning of time".
/// The first consumer, there from the start, gets every element of the base and its end; a later
/// one gets an unbroken run of them — from some element on, in order, none skipped — and, when it
/// ends before its own cancel, the rest of them and the base's end.
public enum ShareModel {
    /// Why the consumers' outputs break those rules (nil: they do not).
    public static func judge(_ scenario: Scenario, _ observed: Observed) -> String? {
        let source = SourceTimelineValues(scenario.sources[0])
        if let problem = Judge.sequence(source.expected, observed) { return problem }
        for (index, other) in observed.others.enumerated() {
            let values = other.judgedElements.map(\.value)
            let name = "consumer \(index + 2)"
            guard let first = values.first else {
                if other.endedBeforeCancel, let end = other.end, end.how != source.end {
                    return "\(name) \(end.how) with no element, the base \(source.end.map { "\($0)" } ?? "never ends")"
                }
                continue
            }
            _ = first
            // Where its run may start: any place the base's elements continue as it got them
            // (equal values can make several); one that ended on its own must reach the end.
            let starts = source.elements.indices.filter { start in
                start + values.count <= source.elements.count && Array(source.elements[start..<(start + values.count)]) == values
            }
            if other.endedBeforeCancel, let end = other.end {
                guard starts.contains(source.elements.count - values.count), end.how == source.end else {
                    return "\(name) got \(Judge.list(values)) and \(end.how), not the base's last elements and its end "
                        + "(\(Judge.list(source.elements)), \(source.end.map { "\($0)" } ?? "no end"))"
                }
            } else if starts.isEmpty {
                return "\(name) got \(Judge.list(values)), not an unbroken run of the base's \(Judge.list(source.elements))"
            }
        }
        return nil
    }
}
