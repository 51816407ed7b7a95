import OpenCombine

/// How the recording subscriber asks for elements: an initial request, a top-up returned from
/// every `receive(_:)`, and one later request at a fixed tick. Drawn from the first three scenario
/// parameters, so it shrinks with the case — toward unlimited demand.
public struct DemandScript: Equatable, Sendable, CustomStringConvertible {
    /// nil: `.unlimited`; n: `.max(n)` from `receive(subscription:)`.
    public var initial: Int?
    /// Returned from every `receive(_:)` (0: `.none`).
    public var perElement: Int
    /// `(tick, n)`: `request(.max(n))` at that tick, if the subscription is still live.
    public var later: (tick: Int, count: Int)?

    public init(initial: Int?, perElement: Int = 0, later: (tick: Int, count: Int)? = nil) {
        self.initial = initial
        self.perElement = perElement
        self.later = later
    }

    /// Unlimited demand: what Rx always does, and what `sink` does.
    public static let unlimited = DemandScript(initial: nil)

    /// How many leading scenario parameters a script reads.
    public static let parameterCount = 3

    /// The parameter ranges: shapes with these draw finite demand about half the time.
    public static let drawn: [ClosedRange<Int>] = [0...7, 0...2, 0...4]
    /// Ranges that always give unlimited demand.
    public static let fixedUnlimited: [ClosedRange<Int>] = [0...0, 0...0, 0...0]

    /// The script the first three parameters stand for: `p0` 0–3 unlimited, 4–7 `.max(p0 − 3)`;
    /// `p1` the top-up; `p2` k > 0 requests `.max(k)` at `subscribed + 100·k`.
    public init(parameters: [Int], subscribed: Int) {
        let p = parameters + Array(repeating: 0, count: max(0, Self.parameterCount - parameters.count))
        initial = p[0] <= 3 ? nil : p[0] - 3
        perElement = p[1]
        later = p[2] > 0 ? (subscribed + 100 * p[2], p[2]) : nil
    }

    public static func == (lhs: DemandScript, rhs: DemandScript) -> Bool {
        lhs.initial == rhs.initial && lhs.perElement == rhs.perElement
            && lhs.later?.tick == rhs.later?.tick && lhs.later?.count == rhs.later?.count
    }

    /// True when the subscriber never limits what it receives.
    public var isUnlimited: Bool { initial == nil }

    public var description: String {
        guard let initial else { return "demand: unlimited" }
        var parts = ["demand: .max(\(initial)) at subscription"]
        if perElement > 0 { parts.append(".max(\(perElement)) per element") }
        if let later { parts.append(".max(\(later.count)) at \(later.tick)") }
        return parts.joined(separator: ", ")
    }

    static func demand(_ count: Int?) -> Subscribers.Demand { count.map { .max($0) } ?? .unlimited }
}
