import RxTestKit

/// `interspersed(with: separator)` (guide Intersperse.md): the separator between each two
/// elements — emitted once the element after it has arrived, never after the last element.
public enum InterspersedModel {
    /// The separator the catalog intersperses.
    public static let separator = -1

    /// The output for a consumer of pace `pace`, source 0 first iterated at `start`.
    public static func expected(_ scenario: Scenario, pace: Int, start: Int? = nil) -> Expected {
        SingleSource<Bool>(initial: false) { seen, value in
            defer { seen = true }
            return seen ? ["\(separator)", "\(value)"] : ["\(value)"]
        }.expected(scenario, pace: pace, start: start)
    }
}
