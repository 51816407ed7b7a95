// The shape of the scenarios a property draws: its knobs, with RxTest's defaults, and the
// generator it makes. How a case is drawn, the shrink passes that know its choices, and the hot
// events' tie order each live in a file of their own beside this one.

import RxTestKit

/// What kind of scenarios to draw. Defaults follow RxTest: create at 100, subscribe at 200,
/// dispose at 1000, events on a grid of 10 ticks.
///
/// Every decision is a recorded choice whose simplest value (0) is the simplest timeline: no
/// more events, same tick as the previous event, value 0, no terminal, completion rather than
/// error, hot rather than cold, no early dispose, default same-tick order. Shrinking the
/// choices therefore drops events and terminals, pulls events earlier, merges ticks, turns
/// errors into completions and lowers values.
public struct ScenarioShape: Sendable {
    /// Which flavours sources may have.
    public enum Flavors: Sendable {
        case hot, cold, mixed
        /// Hot, cold, synchronous (emitting inside subscribe, like `just`, `of`, `from`) or
        /// behavior (a hot source that hands its latest event over inside subscribe).
        case mixedWithSynchronous
    }

    /// How many sources (an operator's arity; a range for collection forms).
    public var sources: ClosedRange<Int> = 2...2
    /// Flavour of the sources.
    public var flavors: Flavors = .hot
    /// Most events per source at full size.
    public var maxEvents = 20
    /// Ticks per grid step: every tick is `subscribed + k * tickStep` (hot) or `k * tickStep` (cold).
    public var tickStep = 10
    /// Largest gap between neighbouring events, in grid steps.
    public var maxGap = 8
    /// Percent of gaps that are zero: several events at one tick.
    public var sameTickPercent = 25
    /// Percent of events drawn with a raised tie priority (reordering same-tick ties).
    public var tiePercent = 30
    /// Values are drawn from `0..<values` (small, so duplicates happen).
    public var values = 5
    /// Whether sources may complete.
    public var completions = true
    /// Whether sources may fail; error identities are `1...errorIdentities`.
    public var errors = true
    /// Number of distinct error identities.
    public var errorIdentities = 2
    /// Percent of scenarios disposed early (before `disposed`, possibly before any activity).
    public var earlyDisposePercent = 20
    /// The harness ticks.
    public var created = 100, subscribed = 200, disposed = 1000
    /// Inner sources for higher-order operators; outer values index them.
    public var inners: ClosedRange<Int> = 0...0
    /// Flavour of inner sources.
    public var innerFlavors: Flavors = .cold
    /// Most events per inner source at full size.
    public var innerMaxEvents = 5
    /// Operator parameters, one drawn from each range (shrinks toward the lower bound).
    public var parameters: [ClosedRange<Int>] = []
    /// How many further subscribers share the output, each with its own window.
    public var extraSubscribers: ClosedRange<Int> = 0...0
    /// Percent of cases whose observer disposes its own subscription from inside `onNext`
    /// after a drawn number (1 to 4) of events.
    public var disposeInsidePercent = 0
    /// Percent of cases whose observer, on its first to third event, sends a value back into
    /// source 0 — or, for shapes with inner sources, into one of them (re-entrant delivery).
    public var feedbackPercent = 0
    /// Percent of cases with further subscribers in which one subscriber, at its first to third
    /// element, disposes another or subscribes one not yet subscribed, from inside its `onNext`
    /// (`Scenario.subscriberAction`: re-entrant sharing).
    public var subscriberActionPercent = 0
    /// Whether a drawn feedback may go into an inner source instead of source 0 (on by default;
    /// only for shapes with inner sources).
    public var feedsInners = true
    /// Whether a drawn feedback may go into any source of a multi-source operator, not only the
    /// first (on by default).
    public var feedsOtherSources = true
    /// With `.mixedWithSynchronous`, also draws behavior sources (hot sources that hand their
    /// latest event over inside subscribe).
    public var behaviorSources = true
    /// Percent of cases drawn large on purpose: source 0 becomes a synchronous source of one
    /// element, then `largeEvents` elements of one other drawn value, then maybe a completion —
    /// for a higher-order operator, one inner followed by thousands of another, which is nearly
    /// always made synchronous and completing (like `just`): one that may wait, then thousands
    /// that complete at once; for any other operator, a long run.
    public var largePercent = 0
    /// Percent of cases drawn with many sources on purpose (collection forms such as
    /// `combineLatest([…])` and `zip([…])`), their count from `manySources`: the usual sources as
    /// drawn, then as many more, alternately `just`-like (one element and completion inside
    /// subscribe) and hot with one element on a staggered tick. Shrinking may drop back to the
    /// usual arity at once.
    public var manySourcesPercent = 0
    /// How many sources such a case has when drawn.
    public var manySources: ClosedRange<Int> = 200...2_000
    /// How many elements the source of a large case has when drawn; shrinking may go below, down
    /// to one, so a failure that needs no size sheds it.
    public var largeEvents: ClosedRange<Int> = 10_000...20_000

    /// RxTest's defaults: two hot sources, created at 100, subscribed at 200, disposed at 1000.
    public init() {}

    /// The benchmarks' standard case, the same for RxCheck's core and every integration's
    /// `bench`: two hot sources, 0–20 events each at ticks 201…1000 (same-tick events allowed),
    /// an optional completion or error, subscribed at 200 and disposed at 1000.
    public static var standardCase: ScenarioShape {
        var shape = ScenarioShape.hot(2)
        shape.tickStep = 1
        shape.maxGap = 60
        shape.sameTickPercent = 10
        shape.earlyDisposePercent = 0
        return shape
    }

    /// `count` hot sources, the rest default.
    public static func hot(_ count: Int) -> ScenarioShape {
        var shape = ScenarioShape()
        shape.sources = count...count
        return shape
    }

    /// A generator of scenarios of this shape, shrinking with `shrinkPasses` — and, where it
    /// draws large cases, by folding source 0's elements into one (`foldingIntoLarge`); where it
    /// draws extra subscribers, by timing a cold source as one of them saw it (`coldTimed`) and
    /// lowering a behavior source for them (`behaviorHotForLaterSubscribers`);
    /// where it draws many sources, by spelling the last few out (`spellingOutManySources`).
    public var generator: Gen<Scenario> {
        let shape = self
        let passes = largePercent == 0 ? Self.shrinkPasses
            : Self.shrinkPasses + [("fold a source's elements into a large case", .rewrite(foldingIntoLarge)),
                                   ("drop a large case's first element with its inner", .rewrite(droppingLargeFirst)),
                                   ("drop an inner source, renumbering what names inners", .whenStuck(.rewrite(droppingInner))),
                                   ("draw a large case's two inners as one behavior inner", .rewrite(largeOverBehaviorInner))]
        let timed: [ShrinkPass.Named] = extraSubscribers.upperBound == 0 ? [] : [
            ("time a cold source as a subscriber saw it", .whenStuck(.rewrite(coldTimed))),
            ("lower a behavior source to hot, its subscribers a step later", .whenStuck(.rewrite(Self.behaviorHotForLaterSubscribers))),
        ]
        guard manySourcesPercent > 0 else { return Gen(shrinkPasses: passes + timed) { source in try shape.draw(source) } }
        let spelled: [ShrinkPass.Named] = [("spell out the many sources", .rewrite(spellingOutManySources))]
        return Gen(shrinkPasses: passes + timed + spelled, weighedSpans: ["many sources"]) { source in try shape.draw(source) }
    }
}
