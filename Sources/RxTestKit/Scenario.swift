import Foundation
import RxCore

/// What one scripted event does, as a plain value: errors carry an identity, not an `Error`.
public enum TimelineValue: Equatable, Hashable, Codable, Sendable {
    case next(Int)
    case error(Int)
    case completed

    /// True for `error` and `completed`.
    public var isTerminal: Bool {
        if case .next = self { return false }
        return true
    }

    /// The RxCore event (errors become `TestError(id)`).
    public var event: Event<Int> {
        switch self {
        case .next(let value): return .next(value)
        case .error(let id): return .error(TestError.boxed(id))
        case .completed: return .completed
        }
    }
}

extension TestError {
    /// `TestError(id)` as an `Error`: for the first ids the same value each time, boxed once
    /// (an error value is a heap box, and one made per error event delivered or modelled was an
    /// allocation each time).
    @inline(never)
    public static func boxed(_ id: Int) -> any Error {
        id >= 0 && id < boxedTestErrors.count ? boxedTestErrors[id] : TestError(id)
    }

    /// The identity of `error` when it is a `TestError`. The existential is opened rather than
    /// cast: a dynamic cast out of an error box costs about a hundred instructions, a type
    /// comparison a few.
    @inline(__always)
    package static func identity(of error: any Error) -> Int? { identity(opened: error) }

    @inline(__always)
    private static func identity<Opened: Error>(opened error: Opened) -> Int? {
        Opened.self == TestError.self ? unsafeBitCast(error, to: TestError.self).id : nil
    }
}

private let boxedTestErrors: [any Error & Sendable] = (0..<16).map { TestError($0) }

/// One scripted event: its tick (absolute for hot sources, an offset for cold ones) and value.
public struct TimelineEvent: Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// Absolute tick (hot) or offset from the subscription (cold).
    public var tick: Int
    /// What happens.
    public var value: TimelineValue

    /// `value` at `tick`.
    public init(_ tick: Int, _ value: TimelineValue) {
        self.tick = tick
        self.value = value
    }

    /// The event as RxTest records it.
    public var recorded: Recorded<Event<Int>> { Recorded(time: tick, value: value.event) }

    public var description: String { "\(tick): \(value)" }
}

/// A scripted test source as a plain value. Events are in list order, ticks never decrease,
/// and nothing follows a terminal event.
public struct SourceTimeline: Equatable, Hashable, Codable, Sendable {
    /// Hot sources fire at absolute ticks to whoever listens; cold ones replay per
    /// subscription; synchronous ones (like `just`, `of`, `from`) deliver every event inside
    /// the subscribe call — they are not test sources, so they keep no subscription log.
    ///
    /// A behavior source is a hot source that is also a `BehaviorSubject`: each subscription
    /// first receives, inside the subscribe call, the latest event fired before it — an element,
    /// or once it has ended only its terminal — then the later events at their ticks. An
    /// element before the output's subscription plays the subject's initial value; with none
    /// yet, a subscription receives nothing at once, as from `share(replay: 1)` of a live source.
    public enum Flavor: String, Equatable, Hashable, Codable, Sendable {
        case hot, cold, synchronous, behavior

        /// Fires its events at absolute ticks (hot and behavior sources).
        public var isHot: Bool { self == .hot || self == .behavior }
    }

    /// Hot or cold.
    public var flavor: Flavor
    /// The events in order.
    public var events: [TimelineEvent]

    /// A timeline of `flavor` with `events` in time order.
    public init(_ flavor: Flavor, _ events: [TimelineEvent]) {
        self.flavor = flavor
        self.events = events
    }

    /// The events as RxTest records them.
    public var recorded: [Recorded<Event<Int>>] { events.map(\.recorded) }
}

/// Names one hot event of a scenario: which list (`sources` or `inners`), which source, which event.
public struct HotEventRef: Equatable, Hashable, Codable, Sendable {
    /// `false` for `sources`, `true` for `inners`.
    public var inner: Bool
    /// Index into that list.
    public var source: Int
    /// Index into that source's events.
    public var index: Int

    /// Event `index` of source `source` (of inner source `source` when `inner`).
    public init(inner: Bool, source: Int, index: Int) {
        self.inner = inner
        self.source = source
        self.index = index
    }
}

/// One complete test case for an operator: its sources, the inner sources of a higher-order
/// operator (an outer `next(k)` stands for `inners[k % inners.count]`), the order in which
/// all hot events are queued (which decides same-tick ties), and the harness ticks.
public struct Scenario: Equatable, Hashable, Codable, Sendable {
    /// The operator's sources in argument order.
    public var sources: [SourceTimeline]
    /// Inner sources of higher-order operators.
    public var inners: [SourceTimeline]
    /// Every hot event exactly once, in queueing order: at one tick, earlier entries fire first.
    public var hotOrder: [HotEventRef]
    /// The tick at which the operator is created (RxTest: 100).
    public var created: Int
    /// The tick at which the output is subscribed (RxTest: 200).
    public var subscribed: Int
    /// The tick at which the output is disposed (RxTest: 1000).
    public var disposed: Int
    /// Operator parameters drawn with the case (`take`'s count, a `startWith` prefix…).
    public var parameters: [Int]
    /// Further subscribers to the same output, each subscribed and disposed at its own ticks
    /// (after the main subscriber's actions at equal ticks, in list order).
    public var extraSubscribers: [Subscription]
    /// When set, the main observer disposes its own subscription from inside `onNext` once it
    /// has received this many events. Reached inside the subscribe call (synchronous sources),
    /// the dispose takes effect when that call returns — the observer holds no subscription
    /// before — and whatever the operator delivers until then is dropped unrecorded.
    public var disposeInsideAfter: Int?
    /// When set, `(after: k, value: v)`: when its k-th event is an element, the main observer
    /// sends `v` back into one of the operator's sources (`Feedback.source`, 0 by default) or
    /// into an inner source (`Feedback.inner`) — re-entrantly, while that element is still being
    /// delivered.
    public var feedback: Feedback?
    /// When set, one subscriber acts on another from inside its own `onNext` (sharing
    /// operators, 1.5): a subscriber disposed during another's delivery, or during the replay a
    /// new subscriber receives while it subscribes, or one subscribed during a delivery.
    public var subscriberAction: SubscriberAction?

    /// What one subscriber does to another from inside `onNext`. Subscriber 0 is the main
    /// window, subscriber k is `extraSubscribers[k - 1]`. It happens at the actor's n-th element,
    /// wherever it gets it: from the source, or inside its own subscribe call (the replay it
    /// receives there, a synchronous source it connects) — SEMANTICS 1.5.
    public struct SubscriberAction: Equatable, Hashable, Codable, Sendable {
        /// Disposes the target's subscription, or subscribes the target — whose window then
        /// opens at that moment instead of at its own start (it keeps its end).
        public enum Kind: String, Equatable, Hashable, Codable, Sendable { case dispose, subscribe }
        /// What the actor does to the target.
        public var kind: Kind
        /// The subscriber whose delivery it happens in.
        public var actor: Int
        /// After how many elements that subscriber received (replayed ones included).
        public var after: Int
        /// The subscriber acted on: never `actor`; for `subscribe` an extra subscriber.
        public var target: Int

        /// `actor`, at its `after`-th element, does `kind` to `target`.
        public init(_ kind: Kind, actor: Int, after: Int, target: Int) {
            self.kind = kind
            self.actor = actor
            self.after = after
            self.target = target
        }

        /// "window1 disposes window2 at its element 1" (`window` is subscriber 0): the one
        /// spelling marbles, reports and Seeds files use.
        public var description: String {
            "\(Self.name(actor)) \(kind == .dispose ? "disposes" : "subscribes") \(Self.name(target)) at its element \(after)"
        }

        /// `window` for subscriber 0, `windowK` for subscriber K: the labels of the windows' rows.
        public static func name(_ subscriber: Int) -> String { subscriber == 0 ? "window" : "window\(subscriber)" }

        /// The subscriber `name` stands for (`name(_:)` read back); nil for any other word.
        public static func subscriber(named name: String) -> Int? {
            if name == "window" { return 0 }
            let digits = name.dropFirst(6)
            guard name.hasPrefix("window"), let index = Int(digits), index > 0, String(index) == digits else { return nil }
            return index
        }

        /// True when it can be carried out among `subscribers` subscribers (the main one and the
        /// further ones): actor and target two different ones of them, a subscribed target a
        /// further one, and a positive count. Runs and models ignore any other.
        public func fits(subscribers: Int) -> Bool {
            let all = 0..<subscribers
            return all.contains(actor) && all.contains(target) && actor != target && (kind == .dispose || target > 0) && after > 0
        }
    }

    /// An observer feeding a value back into one of the operator's sources, or into an inner source.
    public struct Feedback: Equatable, Hashable, Codable, Sendable {
        /// After how many received events.
        public var after: Int
        /// The element sent back.
        public var value: Int
        /// Into every live subscription of `sources[source]`, unless `inner` is set.
        public var source: Int
        /// nil: into the source above; k: into every live subscription of `inners[k]` — an inner
        /// element delivered while another is being delivered.
        public var inner: Int?
        /// Feedback of `value` after the `after`-th element, into source `source` or, when set,
        /// inner source `inner`.
        public init(after: Int, value: Int, source: Int = 0, inner: Int? = nil) {
            self.after = after
            self.value = value
            self.source = source
            self.inner = inner
        }

        private enum CodingKeys: String, CodingKey { case after, value, source, inner }

        /// Reads feedback saved before it could go into any source but the first.
        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            after = try container.decode(Int.self, forKey: .after)
            value = try container.decode(Int.self, forKey: .value)
            source = try container.decodeIfPresent(Int.self, forKey: .source) ?? 0
            inner = try container.decodeIfPresent(Int.self, forKey: .inner)
        }
    }

    /// A scenario; without `hotOrder`, hot events with equal ticks fire in list order (sources
    /// before inner sources).
    public init(sources: [SourceTimeline], inners: [SourceTimeline] = [], hotOrder: [HotEventRef]? = nil,
                created: Int = 100, subscribed: Int = 200, disposed: Int = 1000, parameters: [Int] = [],
                extraSubscribers: [Subscription] = [], disposeInsideAfter: Int? = nil, feedback: Feedback? = nil,
                subscriberAction: SubscriberAction? = nil) {
        self.feedback = feedback
        self.subscriberAction = subscriberAction
        self.parameters = parameters
        self.extraSubscribers = extraSubscribers
        self.disposeInsideAfter = disposeInsideAfter
        self.sources = sources
        self.inners = inners
        self.created = created
        self.subscribed = subscribed
        self.disposed = disposed
        self.hotOrder = hotOrder ?? Scenario.defaultHotOrder(sources: sources, inners: inners)
    }

    /// Hot events sorted by tick; ties in list order (sources before inners, by index).
    public static func defaultHotOrder(sources: [SourceTimeline], inners: [SourceTimeline]) -> [HotEventRef] {
        var refs: [(tick: Int, ref: HotEventRef)] = []
        for (isInner, list) in [(false, sources), (true, inners)] {
            for (source, timeline) in list.enumerated() where timeline.flavor.isHot {
                for (index, event) in timeline.events.enumerated() {
                    refs.append((event.tick, HotEventRef(inner: isInner, source: source, index: index)))
                }
            }
        }
        // A stable sort: equal ticks keep list order.
        return refs.enumerated()
            .sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
            .map(\.element.ref)
    }

    /// The timeline a reference points into.
    public func timeline(_ ref: HotEventRef) -> SourceTimeline {
        ref.inner ? inners[ref.source] : sources[ref.source]
    }

    /// The event a reference names.
    public func event(_ ref: HotEventRef) -> TimelineEvent {
        timeline(ref).events[ref.index]
    }

    /// Total number of scripted events.
    public var eventCount: Int {
        // Two passes, no joined array: models ask for it on every case.
        sources.reduce(0) { $0 + $1.events.count } + inners.reduce(0) { $0 + $1.events.count }
    }
}

// Hashing: the shrinker keeps the verdict on every case it checked, by case, and looks each
// candidate up. The synthesized hash feeds every field of every event to the hasher one by one
// (about a dozen hasher rounds per event); these fold the events into one word first, with a
// multiply-xor step per field, and hand the hasher that word.
extension SourceTimeline {
    /// The flavour, then the events folded into one word.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(flavor)
        var folded = FoldedHash()
        for event in events {
            folded.add(event.tick)
            folded.add(event.value)
        }
        hasher.combine(folded.value)
    }
}

extension Scenario {
    /// Every field, the hot order folded into one word.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sources)
        hasher.combine(inners)
        var folded = FoldedHash()
        for ref in hotOrder {
            folded.add(ref.inner ? ~ref.source : ref.source)
            folded.add(ref.index)
        }
        hasher.combine(folded.value)
        hasher.combine(created)
        hasher.combine(subscribed)
        hasher.combine(disposed)
        hasher.combine(parameters)
        hasher.combine(extraSubscribers)
        hasher.combine(disposeInsideAfter)
        hasher.combine(feedback)
    }
}

/// A word folded from integers, one multiply-xor step each, to hand a `Hasher` once instead of
/// integer by integer: equal sequences fold equal, and a change anywhere changes the word but
/// by rare collisions (which cost a hashed collection only an equality test).
public struct FoldedHash {
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The word folded so far.
    public var value: UInt64 { state }

    /// An empty fold.
    @inlinable public init() {}

    /// Folds in one more word.
    @inlinable @inline(__always)
    public mutating func add(_ word: UInt64) {
        state = (state ^ word) &* 0x9e37_79b9_7f4a_7c15
        state ^= state >> 29
    }

    /// Folds in one more integer, as its bits.
    @inlinable @inline(__always)
    public mutating func add(_ x: Int) { add(UInt64(bitPattern: Int64(x))) }

    @inline(__always)
    mutating func add(_ timelineValue: TimelineValue) {
        switch timelineValue {
        case .next(let element): add(0); add(element)
        case .error(let id): add(1); add(id)
        case .completed: add(2)
        }
    }
}
