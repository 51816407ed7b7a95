// Bounded-exhaustive small scope: every scenario of a shape with at most K events, on a small
// grid of ticks, enumerated in a fixed order from the fewest events up. Random search samples the
// space; this covers the small corner of it where most edge cases live.

import RxTestKit

/// The small scope `check --exhaustive` enumerates: at most `events` events in all (over every
/// source and inner source; elements, errors and completions alike) on a grid of `grid` ticks.
public struct SmallScope: Equatable, Sendable, CustomStringConvertible {
    /// The most events a scenario has, in all.
    public var events: Int
    /// How many grid ticks an event may fall on (a hot event at `subscribed + k·tickStep`,
    /// k = 1…grid; a cold one at offset `k·tickStep`, k = 0…grid − 1).
    public var grid: Int

    public init(events: Int, grid: Int = 3) {
        self.events = events
        self.grid = grid
    }

    /// The guarantee a clean run gives, in words.
    public var description: String {
        "at most \(events) event\(events == 1 ? "" : "s") on a \(grid)-tick grid"
    }
}

extension ScenarioShape {
    /// Calls `visit` with every scenario of this shape within `scope`, each once, fewest events
    /// first — so the first one a property fails has as few events as any that fails — until
    /// `visit` returns false. Within the scope it varies everything that decides a run:
    ///
    /// - how many sources (up to two more than the fewest) and inner sources (up to one more),
    ///   and each one's flavour — a source without events in one flavour only, the shape's first;
    /// - the ticks of their events (synchronous ones have none; a behavior source's first
    ///   element may come at the subscription), each element's value (0 or 1; for an outer
    ///   source, each inner it can name), and whether the last event is an element, an error or
    ///   a completion;
    /// - every order of hot events that share a tick;
    /// - the dispose point: every grid tick from the subscription, or the shape's own end;
    /// - the operator's parameters: the three lowest values of each range (large values are
    ///   random search's to draw);
    /// - for a shape whose every case disposes from inside `onNext` (or feeds a value back), each
    ///   event count it may do it after (and each value, 0 or 1, and each source it may feed);
    /// - for a shape that draws subscriber actions, none and each one its further subscribers
    ///   allow: every actor, kind and target, at the actor's first to third element.
    ///
    /// Not varied: an observer that only sometimes disposes inside or feeds back (the scope
    /// has neither), and extra subscribers beyond the fewest the shape takes (each gets one
    /// window, from the first grid tick to the dispose).
    public func enumerate(_ scope: SmallScope, _ visit: (Scenario) -> Bool) {
        withoutActuallyEscaping(visit) { visit in
            var walk = SmallScopeWalk(shape: self, scope: scope, visit: visit)
            walk.run()
        }
    }

    /// How many scenarios `enumerate` visits for `scope`.
    public func count(_ scope: SmallScope) -> Int {
        var count = 0
        enumerate(scope) { _ in
            count += 1
            return true
        }
        return count
    }
}

/// One pass of `ScenarioShape.enumerate`: nested choices, each loop stopping once `visit` asks.
private struct SmallScopeWalk {
    let shape: ScenarioShape
    let scope: SmallScope
    let visit: (Scenario) -> Bool
    var stopped = false

    init(shape: ScenarioShape, scope: SmallScope, visit: @escaping (Scenario) -> Bool) {
        (self.shape, self.scope, self.visit) = (shape, scope, visit)
    }

    mutating func run() {
        let arities = shape.sources.lowerBound...min(shape.sources.upperBound, shape.sources.lowerBound + 2)
        let innerArities = shape.inners.lowerBound...min(shape.inners.upperBound, shape.inners.lowerBound + 1)
        for total in 0...max(0, scope.events) {
            for sourceCount in arities {
                for innerCount in innerArities {
                    let outerFlavors = ScenarioShape.flavors(shape.flavors, behavior: shape.behaviorSources)
                    let innerFlavors = ScenarioShape.flavors(shape.innerFlavors, behavior: shape.behaviorSources)
                    let slots = Array(repeating: outerFlavors, count: sourceCount) + Array(repeating: innerFlavors, count: innerCount)
                    for split in Self.compositions(total, into: slots.count) {
                        walkTimelines(slots: slots, split: split, sourceCount: sourceCount, innerCount: innerCount, built: [])
                        if stopped { return }
                    }
                }
            }
        }
    }

    /// Chooses a flavour and events for each timeline in turn, then the rest.
    private mutating func walkTimelines(slots: [[SourceTimeline.Flavor]], split: [Int], sourceCount: Int, innerCount: Int,
                                        built: [SourceTimeline]) {
        guard built.count < slots.count else {
            return walkHarness(sources: Array(built.prefix(sourceCount)), inners: Array(built.dropFirst(sourceCount)))
        }
        let index = built.count
        // An outer source of a higher-order operator names inner sources by value.
        let valueBound = index < sourceCount && innerCount > 0 ? innerCount : min(shape.values, 2)
        // A timeline without events is one case, whatever its flavour: the slot's first.
        for flavor in split[index] == 0 ? Array(slots[index].prefix(1)) : slots[index] {
            for events in timelines(flavor: flavor, count: split[index], valueBound: valueBound) {
                walkTimelines(slots: slots, split: split, sourceCount: sourceCount, innerCount: innerCount,
                              built: built + [SourceTimeline(flavor, events)])
                if stopped { return }
            }
        }
    }

    /// Every order of the hot events, every dispose point, every parameter choice.
    private mutating func walkHarness(sources: [SourceTimeline], inners: [SourceTimeline]) {
        let step = shape.tickStep
        let disposes = (0...scope.grid).map { shape.subscribed + $0 * step }.filter { $0 < shape.disposed } + [shape.disposed]
        let parameterChoices = Self.product(shape.parameters.map(Self.values))
        for order in Self.hotOrders(sources: sources, inners: inners) {
            for disposed in disposes {
                let extras = (0..<shape.extraSubscribers.lowerBound).map { _ in
                    Subscription(min(shape.subscribed + step, disposed), disposed)
                }
                for parameters in parameterChoices {
                    for disposeInside in disposesInside {
                        for feedback in feedbacks(sources: sources.count, inners: inners.count) {
                            for action in subscriberActions(extras: extras.count) {
                                let scenario = Scenario(sources: sources, inners: inners, hotOrder: order, created: shape.created,
                                                        subscribed: shape.subscribed, disposed: disposed, parameters: parameters,
                                                        extraSubscribers: extras, disposeInsideAfter: disposeInside, feedback: feedback,
                                                        subscriberAction: action)
                                guard shape.refusal(of: scenario) == nil else { continue }
                                if !visit(scenario) {
                                    stopped = true
                                    return
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// After how many events the observer disposes from inside `onNext`: each count the draw
    /// can give when every case of the shape does it, else never.
    private var disposesInside: [Int?] { shape.disposeInsidePercent >= 100 ? Array(1...4) : [nil] }

    /// What the observer feeds back: each choice the draw can give when every case of the shape
    /// feeds back (after its first to third event, value 0 or 1, into each source or inner it
    /// may), else nothing.
    private func feedbacks(sources: Int, inners: Int) -> [Scenario.Feedback?] {
        guard shape.feedbackPercent >= 100 else { return [nil] }
        var targets: [(source: Int, inner: Int?)] = [(0, nil)]
        if shape.feedsOtherSources && sources > 1 { targets += (1..<sources).map { ($0, nil) } }
        if shape.feedsInners && inners > 0 { targets += (0..<inners).map { (0, $0) } }
        return (1...3).flatMap { after in
            (0..<min(shape.values, 2)).flatMap { value in
                targets.map { Scenario.Feedback(after: after, value: value, source: $0.source, inner: $0.inner) }
            }
        }
    }

    /// What one subscriber does to another: none, and where the shape draws subscriber actions,
    /// each the draw can give among `extras` further subscribers — every actor, each kind, every
    /// target, at the actor's first to third element.
    private func subscriberActions(extras: Int) -> [Scenario.SubscriberAction?] {
        guard shape.subscriberActionPercent > 0, extras > 0 else { return [nil] }
        var actions: [Scenario.SubscriberAction?] = [nil]
        for actor in 0...extras {
            for kind in [Scenario.SubscriberAction.Kind.dispose, .subscribe] {
                for target in ScenarioShape.actionTargets(actor: actor, extras: extras, kind: kind).sorted() {
                    actions += (1...3).map { Scenario.SubscriberAction(kind, actor: actor, after: $0, target: target) }
                }
            }
        }
        return actions
    }

    /// The event lists of a timeline of `flavor` with `count` events: ticks on the grid in
    /// order (a behavior source's first element may also come at the subscription, as its
    /// latest before it), values below `valueBound`, the last one maybe a terminal.
    private func timelines(flavor: SourceTimeline.Flavor, count: Int, valueBound: Int) -> [[TimelineEvent]] {
        guard count > 0 else { return [[]] }
        let step = shape.tickStep, grid = scope.grid
        var ticks: [Int]
        switch flavor {
        case .synchronous: ticks = [0]
        case .cold: ticks = (0..<grid).map { $0 * step }
        case .hot: ticks = (1...grid).map { shape.subscribed + $0 * step }
        case .behavior: ticks = [shape.subscribed] + (1...grid).map { shape.subscribed + $0 * step }
        }
        ticks = ticks.filter { flavor == .cold ? $0 < shape.disposed - shape.subscribed : $0 < shape.disposed }
        var terminals: [TimelineValue] = []
        if shape.completions { terminals.append(.completed) }
        if shape.errors { terminals.append(.error(1)) }
        let elements = (0..<max(1, valueBound)).map { TimelineValue.next($0) }
        var lists: [[TimelineEvent]] = []
        func extend(_ list: [TimelineEvent], from tickIndex: Int) {
            if list.count == count { return lists.append(list) }
            let last = list.count == count - 1
            for position in tickIndex..<ticks.count {
                // Only an element can come at a behavior source's subscription tick, and only first.
                if flavor == .behavior && position == 0 && !list.isEmpty { continue }
                for value in elements + (last ? terminals : []) {
                    if flavor == .behavior && position == 0 && value.isTerminal { continue }
                    extend(list + [TimelineEvent(ticks[position], value)], from: position)
                }
            }
        }
        extend([], from: 0)
        return lists
    }

    /// Every queueing order of the hot and behavior events: by tick, and at a tick every
    /// interleaving of the timelines' own orders.
    private static func hotOrders(sources: [SourceTimeline], inners: [SourceTimeline]) -> [[HotEventRef]] {
        var byTick: [(tick: Int, lanes: [[HotEventRef]])] = []
        for (inner, list) in [(false, sources), (true, inners)] {
            for (source, timeline) in list.enumerated() where timeline.flavor.isHot {
                for (index, event) in timeline.events.enumerated() {
                    let ref = HotEventRef(inner: inner, source: source, index: index)
                    if let at = byTick.firstIndex(where: { $0.tick == event.tick }) {
                        if let lane = byTick[at].lanes.firstIndex(where: { $0.last?.inner == inner && $0.last?.source == source }) {
                            byTick[at].lanes[lane].append(ref)
                        } else {
                            byTick[at].lanes.append([ref])
                        }
                    } else {
                        byTick.append((event.tick, [[ref]]))
                    }
                }
            }
        }
        byTick.sort { $0.tick < $1.tick }
        return product(byTick.map { interleavings($0.lanes) }).map { $0.flatMap { $0 } }
    }

    /// Every merge of `lanes` that keeps each lane's order.
    private static func interleavings(_ lanes: [[HotEventRef]]) -> [[HotEventRef]] {
        let open = lanes.filter { !$0.isEmpty }
        guard open.count > 1 else { return [open.first ?? []] }
        var merges: [[HotEventRef]] = []
        for (index, lane) in open.enumerated() {
            var rest = open
            rest[index] = Array(lane.dropFirst())
            for tail in interleavings(rest) { merges.append([lane[0]] + tail) }
        }
        return merges
    }

    /// Every way of giving `total` events to `parts` timelines, in a fixed order.
    static func compositions(_ total: Int, into parts: Int) -> [[Int]] {
        guard parts > 0 else { return total == 0 ? [[]] : [] }
        guard parts > 1 else { return [[total]] }
        return (0...total).reversed().flatMap { first in compositions(total - first, into: parts - 1).map { [first] + $0 } }
    }

    /// The values a parameter range contributes: its three lowest (large values are random
    /// search's to draw: a small scope is small in its parameters too).
    static func values(_ range: ClosedRange<Int>) -> [Int] {
        Array(range.lowerBound...min(range.upperBound, range.lowerBound + 2))
    }

    /// Every combination, one from each list, the first list varying slowest.
    static func product<T>(_ lists: [[T]]) -> [[T]] {
        lists.reduce([[]]) { partial, list in partial.flatMap { prefix in list.map { prefix + [$0] } } }
    }
}
