import RxTestKit

/// `reductions(+)` and `reductions(initial, +)` (guide Reductions.md): every running sum, the
/// initial value itself never emitted; without an initial value the first element is the first sum.
public enum ReductionsModel {
    /// `initial` nil: the inclusive form.
    /// The output for a consumer of pace `pace`, source 0 first iterated at `start`.
    public static func expected(_ scenario: Scenario, initial: Int?, pace: Int, start: Int? = nil) -> Expected {
        SingleSource<Int?>(initial: initial) { sum, value in
            let next = (sum ?? 0) + value
            sum = next
            return ["\(next)"]
        }.expected(scenario, pace: pace, start: start)
    }
}
