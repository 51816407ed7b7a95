import RxTestKit

/// `compacted()` (guide Compacted.md) over a source whose `0` elements are read as `nil`: the
/// nils are skipped, the rest pass unwrapped.
public enum CompactedModel {
    /// The output for a consumer of pace `pace`, source 0 first iterated at `start`.
    public static func expected(_ scenario: Scenario, pace: Int, start: Int? = nil) -> Expected {
        SingleSource<Void>(initial: ()) { _, value in value == 0 ? [] : ["\(value)"] }.expected(scenario, pace: pace, start: start)
    }
}
