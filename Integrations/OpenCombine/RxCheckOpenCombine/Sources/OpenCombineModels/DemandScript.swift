/// How the recording subscriber asks for elements: an initial request (or none), a top-up
/// returned from every `receive(_:)` (`.none` included), requests at fixed ticks, and whether it
/// goes on asking after the completion. Drawn from the first five scenario parameters, so it
/// shrinks with the case — toward unlimited demand. A plain value: the harness's subscriber
/// asks by it, and the models of operators whose output depends on demand predict by it.
public struct DemandScript: Equatable, Sendable, CustomStringConvertible {
    /// One request the subscriber makes at a tick, if its subscription is still live.
    public struct Request: Equatable, Sendable {
        public var tick: Int
        public var count: Int
        public init(tick: Int, count: Int) { (self.tick, self.count) = (tick, count) }
    }

    /// nil: `.unlimited`; 0: nothing asked in `receive(subscription:)`; n: `.max(n)` there.
    public var initial: Int?
    /// Returned from every `receive(_:)` (0: `.none`, which adds nothing).
    public var perElement: Int
    /// Requests at later ticks, in tick order.
    public var later: [Request]
    /// Whether the subscriber keeps asking after the completion: its later requests still go
    /// out, and one more `.max(1)` a tick after the completion (a publisher must send nothing).
    public var asksAfterCompletion: Bool

    public init(initial: Int?, perElement: Int = 0, later: [Request] = [], asksAfterCompletion: Bool = false) {
        self.initial = initial
        self.perElement = perElement
        self.later = later
        self.asksAfterCompletion = asksAfterCompletion
    }

    /// Unlimited demand: what Rx always does, and what `sink` does.
    public static let unlimited = DemandScript(initial: nil)

    /// How many leading scenario parameters a script reads.
    public static let parameterCount = 5

    /// The parameter ranges: shapes with these draw finite demand about half the time.
    public static let drawn: [ClosedRange<Int>] = [0...8, 0...2, 0...4, 0...3, 0...1]
    /// Ranges that always give unlimited demand.
    public static let fixedUnlimited: [ClosedRange<Int>] = Array(repeating: 0...0, count: parameterCount)

    /// The script the first five parameters stand for: `p0` 0–3 unlimited, 4–7 `.max(p0 − 3)`,
    /// 8 nothing at subscription; `p1` the top-up; `p2` k > 0 requests `.max(k)` at
    /// `subscribed + 100·k`; `p3` m > 0 makes 2m requests of `.max(1)`, every 15 ticks from
    /// `subscribed + 15`; `p4` 1 asks after the completion.
    public init(parameters: [Int], subscribed: Int) {
        let p = parameters + Array(repeating: 0, count: max(0, Self.parameterCount - parameters.count))
        initial = p[0] <= 3 ? nil : p[0] == 8 ? 0 : p[0] - 3
        perElement = p[1]
        var requests = p[3] > 0 ? (1...(2 * p[3])).map { Request(tick: subscribed + 15 * $0, count: 1) } : []
        if p[2] > 0 { requests.append(Request(tick: subscribed + 100 * p[2], count: p[2])) }
        later = requests.sorted { $0.tick < $1.tick }
        asksAfterCompletion = p[4] == 1
    }

    /// True when the subscriber never limits what it receives.
    public var isUnlimited: Bool { initial == nil }

    public var description: String {
        var parts: [String]
        switch initial {
        case nil: parts = ["demand: unlimited"]
        case 0?: parts = ["demand: none at subscription"]
        case let count?: parts = ["demand: .max(\(count)) at subscription"]
        }
        if initial != nil {
            if perElement > 0 { parts.append(".max(\(perElement)) per element") }
            let small = later.filter { $0.count == 1 }
            if small.count > 1 {
                parts.append(".max(1) at \(small.map { String($0.tick) }.joined(separator: ", "))")
                parts += later.filter { $0.count != 1 }.map { ".max(\($0.count)) at \($0.tick)" }
            } else {
                parts += later.map { ".max(\($0.count)) at \($0.tick)" }
            }
        }
        if asksAfterCompletion { parts.append("asks again after the completion") }
        return parts.joined(separator: ", ")
    }
}
