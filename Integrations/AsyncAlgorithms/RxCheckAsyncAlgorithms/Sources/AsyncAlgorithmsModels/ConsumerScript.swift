// The consumer and the schedule a case draws, read from the scenario's parameters after the
// operator's own: the models need the consumer's pace, the harness all of it.

/// The case's consumer and schedule. Parameters: the operator's own, then the pace, then the
/// schedule's picks.
public struct ConsumerScript: Equatable, Sendable, CustomStringConvertible {
    /// Schedule picks a case draws.
    public static let pickCount = 32
    /// How many parameters the script takes: the pace, then the picks.
    public static let parameterCount = 1 + pickCount
    /// The ranges the script draws, appended to the operator's; everything shrinks toward 0 (a
    /// consumer that asks at once; the oldest ready job first).
    public static let ranges: [ClosedRange<Int>] = ranges(pace: 0...3)

    /// The ranges with the pace drawn from `pace` (`0...0`: a consumer that always asks at once).
    public static func ranges(pace: ClosedRange<Int>) -> [ClosedRange<Int>] {
        [pace] + Array(repeating: 0...7, count: pickCount)
    }

    /// Virtual ticks the consumer spends after each element before it asks for the next.
    public var pace: Int
    /// Picks among ready jobs, in order: whenever two or more jobs are ready, the next pick
    /// modulo their number says which runs (0: the oldest). Once they are used up, the oldest.
    public var picks: [Int]

    /// The script in `parameters` after the first `operatorParameters`; missing values are 0.
    public init(_ parameters: [Int], operatorParameters: Int) {
        let own = Array(parameters.dropFirst(operatorParameters))
        pace = own.first ?? 0
        picks = Array(own.dropFirst())
    }

    public var description: String {
        let used = picks.lastIndex(where: { $0 != 0 }).map { picks[...$0].map(String.init).joined(separator: " ") }
        return "consumer pace \(pace); schedule picks " + (used ?? "none (oldest first)")
    }
}
