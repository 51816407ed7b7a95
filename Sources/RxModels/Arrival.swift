// What a model's clock hands out: an arrival (an event of a timeline, a timer, or a harness
// action) with the key that orders it, and the names of the timelines it comes from.

import RxCore
import RxTestKit

/// Which scripted timeline a subscription reads — or, for a model's own timer, which timer.
public enum TimelineID: Hashable, Sendable {
    case source(Int)
    case inner(Int)
    case timer
    case harness
}

extension TimelineID {
    /// The scenario source this timeline is, if it is one.
    var sourceName: SourceName? {
        switch self {
        case .source(let index): return .source(index)
        case .inner(let index): return .inner(index)
        case .timer, .harness: return nil
        }
    }
}

/// A harness action on a shared output: subscriber k (0 is the main one) subscribes or leaves.
public enum HarnessAction: Equatable, Sendable {
    case subscribe(Int)
    case dispose(Int)
}

/// One thing a model receives: an event of a source it subscribed, a timer it armed firing, or
/// (for a shared output) a subscriber coming or leaving — with which subscription, when.
public struct Arrival: Equatable, Sendable {
    /// What arrives.
    public enum Kind: Equatable, Sendable {
        /// An event of a source or an inner source.
        case event(TimelineValue)
        /// The timer `subscription` fired.
        case timer
        /// A subscriber subscribes or leaves (`ModelClock(sharedBySubscribersOf:)`).
        case harness(HarnessAction)
    }

    /// The subscription delivering it (the timer's id for a timer).
    public let subscription: Int
    /// The timeline it belongs to.
    public let timeline: TimelineID
    /// The absolute tick (its queue position's).
    public var tick: Int { key.tick }
    /// What arrives.
    public let kind: Kind
    /// Queue position `(tick, phase, order)`; see `ModelClock`.
    let key: Key

    /// The event of a source's arrival. A timer or a harness action carries none: reading it
    /// there is a programming error.
    public var value: TimelineValue {
        guard case .event(let value) = kind else { preconditionFailure("a \(timeline) arrival carries no event") }
        return value
    }

    /// The event, for a source's arrival; nil for a timer or a harness action.
    var event: TimelineValue? {
        if case .event(let value) = kind { return value }
        return nil
    }

    /// For a harness arrival, the action.
    public var harness: HarnessAction? {
        if case .harness(let action) = kind { return action }
        return nil
    }
    /// True for a value the observer sent back into a source (`Scenario.feedback`).
    public var isFedBack = false
    /// True for the clock's own action that ends the subscriptions `unsubscribeDelay` ticks
    /// after the observer disposed; never handed to a model.
    var isDelayedStop = false
}

struct Key: Comparable, Equatable, Sendable {
    let tick: Int
    let phase: Int
    let order: Int
    static func < (lhs: Key, rhs: Key) -> Bool {
        (lhs.tick, lhs.phase, lhs.order) < (rhs.tick, rhs.phase, rhs.order)
    }
}
