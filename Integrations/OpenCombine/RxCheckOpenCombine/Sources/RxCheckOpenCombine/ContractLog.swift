/// Breaches of the Combine contract seen during one run, in order, with what a finding's rule
/// needs to recognise its own symptom: when the output completed or was cancelled, and when each
/// source's completion reached the operator.
public final class ContractLog {
    /// What a breach broke.
    public enum Rule: String, Sendable, CaseIterable {
        /// An element delivered with no outstanding demand.
        case demand
        /// A completion or element before `receive(subscription:)`, or a subscription after the completion.
        case subscriptionFirst
        /// Anything after the completion.
        case afterCompletion
        /// An element or completion after the subscriber cancelled.
        case afterCancel
        /// Demand of zero.
        case positiveDemand
        /// Elements held back from a subscriber that asked for them (found by comparing runs:
        /// `CombineCheck.keepsDelivering`).
        case stall
    }

    /// What arrived (or was asked) in breach of the contract.
    public enum Signal: Equatable, Sendable {
        case element(Int)
        case finished
        case failure
        case subscription
        case request
    }

    /// One breach.
    public struct Violation: Sendable {
        public let rule: Rule
        public let signal: Signal
        /// The tick, and the scheduler's action count: two breaches of one action share it.
        public let tick: Int
        public let step: Int
        /// Whether it happened inside a `request` the subscriber made after the output completed.
        public let inLateRequest: Bool
        public let text: String

        /// `tick: text`, as failures print it.
        public var line: String { "\(tick): \(text)" }
    }

    /// When something happened: the tick and the scheduler's action count.
    public typealias Moment = (tick: Int, step: Int)

    /// The demand the subscriber had outstanding when it cancelled (nil: it did not cancel, or
    /// the output had completed).
    public var outstandingAtCancel: Int??

    /// Whether the output subscriber received a failure (also one it no longer recorded, having
    /// cancelled inside a call still under way).
    public var receivedFailure = false

    /// The output's first completion, and whether it was a failure.
    public private(set) var completion: (at: Moment, failed: Bool)?
    /// When the subscriber cancelled.
    public private(set) var cancelled: Moment?
    /// How many elements the subscriber asked for in `request` calls (`receive(subscription:)` and
    /// later), leaving out what it returned from `receive(_:)`; nil once it asked for `.unlimited`.
    public private(set) var requestedExplicitly: Int? = 0
    /// The scheduler's action count at each element the subscriber received, in order.
    public private(set) var elementSteps: [Int] = []
    /// Set while the subscriber's request after the completion runs.
    var inLateRequest = false

    /// Every breach, in order.
    public private(set) var violations: [Violation] = []
    /// When each source's completion reached the operator, by source name (`s0`, `inner1`).
    private var sourcesEnded: [(name: String, at: Moment)] = []
    /// When each source first delivered an element to the operator, by source name.
    private var sourcesFirstElement: [(name: String, at: Moment)] = []
    private let clock: () -> Int
    private let steps: () -> Int

    public init(clock: @escaping () -> Int, steps: @escaping () -> Int = { 0 }) {
        self.clock = clock
        self.steps = steps
    }

    private var now: Moment { (clock(), steps()) }

    /// Records a breach.
    public func violation(_ text: String, rule: Rule, signal: Signal = .request) {
        violations.append(Violation(rule: rule, signal: signal, tick: clock(), step: steps(), inLateRequest: inLateRequest, text: text))
    }

    /// Records a request the subscriber made (nil: `.unlimited`).
    func requested(_ count: Int?) {
        requestedExplicitly = count.flatMap { count in requestedExplicitly.map { $0 + count } }
    }

    /// Records an element the subscriber received.
    func outputElement() { elementSteps.append(steps()) }

    /// Records the output's completion (the first one counts).
    func outputCompleted(failed: Bool) {
        if completion == nil { completion = (now, failed) }
    }

    /// Records the subscriber's cancel.
    func outputCancelled() {
        if cancelled == nil { cancelled = now }
    }

    /// Records that source `name` delivered its completion to the operator.
    func recordSourceEnd(_ name: String) { sourcesEnded.append((name, now)) }

    /// Records that source `name` delivered an element to the operator (the first one counts).
    func recordSourceElement(_ name: String) {
        if !sourcesFirstElement.contains(where: { $0.name == name }) { sourcesFirstElement.append((name, now)) }
    }

    /// When source `name` first delivered an element to the operator, if it did.
    public func sourceFirstElement(_ name: String) -> Moment? { sourcesFirstElement.first { $0.name == name }?.at }

    /// When source `name` (`SourceName`'s description) last delivered its completion, if it did.
    public func sourceEnded(_ name: String) -> Moment? { sourcesEnded.last { $0.name == name }?.at }
}
