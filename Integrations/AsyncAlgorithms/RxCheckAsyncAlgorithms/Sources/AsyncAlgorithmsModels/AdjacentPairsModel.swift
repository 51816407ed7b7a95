import RxTestKit

/// `adjacentPairs()` (guide AdjacentPairs.md): from the second element on, each element with the
/// one before it, `(previous,current)`; a source of fewer than two elements gives none.
public enum AdjacentPairsModel {
    /// The output for a consumer of pace `pace`, source 0 first iterated at `start`.
    public static func expected(_ scenario: Scenario, pace: Int, start: Int? = nil) -> Expected {
        SingleSource<Int?>(initial: nil) { previous, value in
            defer { previous = value }
            return previous.map { ["(\($0),\(value))"] } ?? []
        }.expected(scenario, pace: pace, start: start)
    }
}
