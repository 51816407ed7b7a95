import RxTestKit

/// `removeDuplicates()` (guide RemoveDuplicates.md): an element equal to the one before it in
/// the source is skipped and the operator asks for the next; errors and the end pass through.
public enum RemoveDuplicatesModel {
    /// The output for a consumer of pace `pace`, source 0 first iterated at `start`.
    public static func expected(_ scenario: Scenario, pace: Int, start: Int? = nil) -> Expected {
        SingleSource<Int?>(initial: nil) { last, value in
            defer { last = value }
            return last == value ? [] : ["\(value)"]
        }.expected(scenario, pace: pace, start: start)
    }
}
