import RxTestKit

/// `buffer(policy: .bufferingLatest(n))` and `.bufferingOldest(n)` (the library's buffer tests):
/// the buffer reads its source on its own and holds at most `n` elements; when full it drops the
/// oldest held (latest) or the new arrival (oldest). So the output is the source's elements in
/// order with some left out, ending as the source does (an error after what was held); the
/// first `n` elements are never dropped by `bufferingOldest`, the last never by
/// `bufferingLatest` when the source finishes; with `n` = 0 nothing is buffered and nothing lost.
public enum BufferModel {
    /// Why the run breaks the lossy policy's rules (nil: it does not).
    public static func judge(_ scenario: Scenario, limit: Int, keepsNewest: Bool, _ observed: Observed) -> String? {
        let source = SourceTimelineValues(scenario.sources[0])
        if limit == 0 { return Judge.sequence(source.expected, observed) }
        if let problem = Judge.subsequence(of: source, observed) { return problem }
        guard observed.endedBeforeCancel else { return nil }
        let values = observed.elements.map(\.value)
        if !keepsNewest {
            let kept = Array(source.elements.prefix(limit))
            if Array(values.prefix(kept.count)) != kept {
                return "bufferingOldest(\(limit)) dropped one of the first \(limit) elements \(Judge.list(kept)): got \(Judge.list(values))"
            }
        } else if source.end == .finished, let last = source.elements.last, values.last != last {
            return "bufferingLatest(\(limit)) dropped the last element \(last): got \(Judge.list(values))"
        }
        return nil
    }
}
