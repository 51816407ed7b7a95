import RxTestKit

/// `chunks(ofCount: n)` (guide Chunked.md): arrays of `n` consecutive elements; at the end, the
/// remaining elements as a last, shorter chunk (none when nothing remains); an error drops the
/// chunk being filled.
public enum ChunksOfCountModel {
    /// The output in chunks of `count` for a consumer of pace `pace`, source 0 first iterated at `start`.
    public static func expected(_ scenario: Scenario, count: Int, pace: Int, start: Int? = nil) -> Expected {
        var model = SingleSource<[Int]>(initial: []) { chunk, value in
            chunk.append(value)
            guard chunk.count == count else { return [] }
            defer { chunk = [] }
            return [describe(chunk)]
        }
        model.completion = { chunk in chunk.isEmpty ? [] : [describe(chunk)] }
        return model.expected(scenario, pace: pace, start: start)
    }

    static func describe(_ chunk: [Int]) -> String { "[" + chunk.map(String.init).joined(separator: ",") + "]" }
}
