// The bridge's own plain values: a scenario to run and the outcome it had. The bridge imports
// only RxSwift and RxTest, so it cannot see RxCheck's `Scenario`; these mirror it field for field,
// and RxCheck's side converts between the two (`BridgeScenario(_:)` there).

/// An event of a timeline or of an output: at a tick (absolute for hot sources and outputs, an
/// offset from the subscription for cold ones, 0 for synchronous ones).
public struct BridgeEvent: Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
    public enum Kind: String, Equatable, Hashable, Codable, Sendable {
        case next, error, completed
    }

    public var tick: Int
    public var kind: Kind
    /// The element of a `next`; the identity of a `BridgeError` for an `error` (0 for an error
    /// of another type, which `error` then describes).
    public var value: Int
    /// For an error that is no `BridgeError`: its description, so a run can say what it was.
    public var error: String?

    public init(_ tick: Int, _ kind: Kind, _ value: Int = 0, error: String? = nil) {
        self.tick = tick
        self.kind = kind
        self.value = value
        self.error = error
    }

    public var description: String {
        switch kind {
        case .next: return "\(tick): next(\(value))"
        case .completed: return "\(tick): completed"
        case .error: return "\(tick): error(\(error ?? "\(value)"))"
        }
    }
}

/// The error a scenario's timelines fail with: an identity, as RxCheck's `TestError`.
public struct BridgeError: Error, Equatable, Hashable, Sendable {
    public var identity: Int
    public init(_ identity: Int) { self.identity = identity }
}

/// One source of a scenario: its flavour and its events.
public struct BridgeTimeline: Equatable, Codable, Sendable {
    /// Hot fires at absolute ticks; cold replays from each subscription; synchronous delivers
    /// everything inside subscribe; behavior is hot and hands each new subscription the latest
    /// event fired before it (a terminal alone, after one), as a `BehaviorSubject` does.
    public enum Flavor: String, Equatable, Codable, Sendable {
        case hot, cold, synchronous, behavior
    }

    public var flavor: Flavor
    public var events: [BridgeEvent]

    public init(_ flavor: Flavor, _ events: [BridgeEvent]) {
        self.flavor = flavor
        self.events = events
    }
}

/// A subscription's ticks; `unsubscribe` is `Int.max` while it is open.
public struct BridgeSubscription: Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
    public var subscribe: Int
    public var unsubscribe: Int

    public init(_ subscribe: Int, _ unsubscribe: Int = .max) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    public var description: String { unsubscribe == .max ? "(\(subscribe), ∞)" : "(\(subscribe), \(unsubscribe))" }
}

/// A hot event: which timeline (a source or an inner source) and which of its events.
public struct BridgeEventRef: Equatable, Codable, Sendable {
    public var inner: Bool
    public var source: Int
    public var index: Int

    public init(inner: Bool, source: Int, index: Int) {
        self.inner = inner
        self.source = source
        self.index = index
    }
}

/// What the main observer does besides recording: after its `after`-th element, it sends
/// `value` into every subscription so far of source `source` (or of inner source `inner`).
public struct BridgeFeedback: Equatable, Codable, Sendable {
    public var after: Int
    public var value: Int
    public var source: Int
    public var inner: Int?

    public init(after: Int, value: Int, source: Int = 0, inner: Int? = nil) {
        self.after = after
        self.value = value
        self.source = source
        self.inner = inner
    }
}

/// A whole test case: sources, inner sources, the firing order of hot events (by tick, ties in
/// this order), the harness's ticks, further subscribers and the main observer's script.
public struct BridgeScenario: Equatable, Codable, Sendable {
    public var sources: [BridgeTimeline]
    public var inners: [BridgeTimeline]
    /// Every hot and behavior event exactly once, ticks never falling.
    public var hotOrder: [BridgeEventRef]
    public var created: Int
    public var subscribed: Int
    public var disposed: Int
    public var parameters: [Int]
    public var extraSubscribers: [BridgeSubscription]
    /// The main observer disposes its subscription from inside `onNext`, at this element.
    public var disposeInsideAfter: Int?
    public var feedback: BridgeFeedback?

    public init(sources: [BridgeTimeline], inners: [BridgeTimeline] = [], hotOrder: [BridgeEventRef],
                created: Int = 100, subscribed: Int = 200, disposed: Int = 1000, parameters: [Int] = [],
                extraSubscribers: [BridgeSubscription] = [], disposeInsideAfter: Int? = nil, feedback: BridgeFeedback? = nil) {
        self.sources = sources
        self.inners = inners
        self.hotOrder = hotOrder
        self.created = created
        self.subscribed = subscribed
        self.disposed = disposed
        self.parameters = parameters
        self.extraSubscribers = extraSubscribers
        self.disposeInsideAfter = disposeInsideAfter
        self.feedback = feedback
    }
}

/// What a run did: the main output, every source's and inner source's subscription log (empty
/// for synchronous ones), each further subscriber's output, and what reached an observer after
/// its dispose.
public struct BridgeOutcome: Equatable, Codable, Sendable {
    public var events: [BridgeEvent]
    public var sourceLogs: [[BridgeSubscription]]
    public var innerLogs: [[BridgeSubscription]]
    public var extraEvents: [[BridgeEvent]]
    public var eventsAfterDispose: [BridgeEvent]
    /// True when the run was stopped at its event budget.
    public var isRunaway: Bool

    public init(events: [BridgeEvent], sourceLogs: [[BridgeSubscription]], innerLogs: [[BridgeSubscription]],
                extraEvents: [[BridgeEvent]], eventsAfterDispose: [BridgeEvent], isRunaway: Bool) {
        self.events = events
        self.sourceLogs = sourceLogs
        self.innerLogs = innerLogs
        self.extraEvents = extraEvents
        self.eventsAfterDispose = eventsAfterDispose
        self.isRunaway = isRunaway
    }
}
