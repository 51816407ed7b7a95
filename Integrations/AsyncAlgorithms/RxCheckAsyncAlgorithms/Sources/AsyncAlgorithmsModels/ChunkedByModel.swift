import RxTestKit

/// `chunked(by:)` with "both even or both odd" as the predicate (guide Chunked.md): runs of
/// consecutive elements the predicate joins, each emitted when an element that breaks the run
/// arrives, the last at the end; an error drops the run being built.
public enum ChunkedByModel {
    @Sendable public static func sameGroup(_ lhs: Int, _ rhs: Int) -> Bool { (lhs - rhs) % 2 == 0 }

    /// The output for a consumer of pace `pace`, source 0 first iterated at `start`.
    public static func expected(_ scenario: Scenario, pace: Int, start: Int? = nil) -> Expected {
        var model = SingleSource<[Int]>(initial: []) { run, value in
            guard let last = run.last, !sameGroup(last, value) else {
                run.append(value)
                return []
            }
            defer { run = [value] }
            return [ChunksOfCountModel.describe(run)]
        }
        model.completion = { run in run.isEmpty ? [] : [ChunksOfCountModel.describe(run)] }
        return model.expected(scenario, pace: pace, start: start)
    }
}
