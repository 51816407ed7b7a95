// Drawing a scenario from choices: every random decision of a case, each in a labelled span the
// shrink passes act on. Apart from the shape so the choice layout reads top to bottom.

import RxTestKit

extension ScenarioShape {
    var windowSteps: Int { (disposed - subscribed) / tickStep }

    func draw(_ source: ChoiceSource) throws -> Scenario {
        let sourceCount: Int = try source.span("arity") {
            sources.lowerBound + Int(try source.draw(below: UInt64(sources.count)))
        }
        let (manyCount, manyPattern): (Int, ManyPattern) = manySourcesPercent == 0 ? (0, .alternating)
            : try source.span("many sources") {
                let many = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(manySourcesPercent) ? 1 : 0 }
                guard many == 1 else { return (0, .alternating) }
                // Drawn from `manySources`; shrinking may lower it to none at all, so a failure the
                // many sources merely happened to show can leave them behind one by one.
                let count = Int(try source.draw(below: UInt64(manySources.upperBound + 1)) { rng in
                    UInt64(manySources.lowerBound) + rng.next(below: UInt64(manySources.count))
                })
                let pattern = ManyPattern(rawValue: Int(try source.draw(below: UInt64(ManyPattern.allCases.count)))) ?? .alternating
                return (count, pattern)
            }
        let innerCount: Int = inners.upperBound == 0 ? 0 : try source.span("inner count") {
            inners.lowerBound + Int(try source.draw(below: UInt64(inners.count)))
        }
        // The thread's buffers and the last case's lists, emptied (see `DrawSpares`).
        let spares = DrawSpares.take()
        defer { DrawSpares.put(spares) }
        spares.begin()
        var timelines: [SourceTimeline] = []
        swap(&timelines, &spares.timelines)
        timelines.reserveCapacity(sourceCount + manyCount)
        spares.priorities.reserveCapacity(32 + 2 * manyCount)
        for _ in 0..<sourceCount {
            let valueBound = innerCount > 0 ? innerCount : values
            let timeline = try source.span("source") {
                try drawTimeline(source, flavors: flavors, maxEvents: maxEvents, valueBound: valueBound, spares: spares)
            }
            timelines.append(timeline)
        }
        for extra in 0..<manyCount {
            let timeline = manySource(extra, manyPattern)
            timelines.append(timeline)
            for _ in timeline.events { spares.priorities.append(0) }
        }
        var innerTimelines: [SourceTimeline] = []
        // Not for none: reserving room for nothing still allocates an empty buffer.
        if innerCount > 0 {
            swap(&innerTimelines, &spares.innerTimelines)
            innerTimelines.reserveCapacity(innerCount)
        }
        for _ in 0..<innerCount {
            // Also an "inner" span: dropping an inner source lowers the inner count, not the arity.
            let timeline = try source.span("inner") {
                try source.span("source") {
                    try drawTimeline(source, flavors: innerFlavors, maxEvents: innerMaxEvents, valueBound: values, spares: spares)
                }
            }
            innerTimelines.append(timeline)
        }
        if largePercent > 0 {
            let valueBound = innerCount > 0 ? innerCount : values
            let large: (SourceTimeline, (Int, Bool)?, Bool)? = try source.span("large") {
                let yes = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(largePercent) ? 1 : 0 }
                guard yes == 1 else { return nil }
                // Drawn from `largeEvents`; shrinking may lower it to none at all, so a bug the
                // large case merely happened to show can leave the large structure behind.
                let count = Int(try source.draw(below: UInt64(largeEvents.upperBound + 1)) { rng in
                    UInt64(largeEvents.lowerBound) + rng.next(below: UInt64(largeEvents.count))
                })
                let first = Int(try source.draw(below: UInt64(valueBound)))
                // The thousands name another inner than the first element does, when there is one.
                let value = valueBound < 2 ? first : (first + 1 + Int(try source.draw(below: UInt64(valueBound - 1)))) % valueBound
                let completes = try source.draw(below: 2) == 1
                // Drawn nearly always, kept by shrinking only when needed: the thousands stand for
                // an inner that completes at once, like `just` (2). Shrinking may lower it to an
                // inner that delivers its element at once but does not complete (1), or to the
                // inner drawn as usual (0).
                let justInner = Int(try source.draw(below: 3) { rng in rng.next(below: 10) == 0 ? 0 : 2 })
                // Also nearly always, the first element's inner waits — hot, completing one step
                // after the subscription — so the thousands queue up behind it and then run
                // through in one go; shrinking may leave it as drawn (0).
                let firstWaits = try source.draw(below: 2) { rng in rng.next(below: 10) == 0 ? 0 : 1 } == 1
                // Built in place: joining arrays would copy the thousands twice.
                var events: [TimelineEvent] = []
                events.reserveCapacity(count + 2)
                events.append(TimelineEvent(0, .next(first)))
                events.append(contentsOf: repeatElement(TimelineEvent(0, .next(value)), count: count))
                if completes { events.append(TimelineEvent(0, .completed)) }
                return (SourceTimeline(.synchronous, events), justInner > 0 ? (value, justInner == 2) : nil,
                        firstWaits && value != first)
            }
            if let (large, just, firstWaits) = large, !timelines.isEmpty {
                // The timelines replaced here get all-zero priorities; the others keep theirs,
                // copied from where each timeline's priorities start and end before.
                var bounds = [0]
                for timeline in timelines + innerTimelines { bounds.append(bounds[bounds.count - 1] + timeline.events.count) }
                let old = spares.priorities.array()
                var replaced = [0]
                timelines[0] = large
                if let (justValue, completes) = just, !innerTimelines.isEmpty {
                    let index = justValue % innerTimelines.count
                    innerTimelines[index] = SourceTimeline(.synchronous, [TimelineEvent(0, .next(justValue))]
                                                           + (completes ? [TimelineEvent(0, .completed)] : []))
                    replaced.append(timelines.count + index)
                }
                if firstWaits, case .next(let first) = large.events[0].value, !innerTimelines.isEmpty {
                    let index = first % innerTimelines.count
                    innerTimelines[index] = SourceTimeline(.hot, [TimelineEvent(subscribed + tickStep, .completed)])
                    replaced.append(timelines.count + index)
                }
                spares.priorities.removeAll()
                spares.priorities.reserveCapacity(old.count - (bounds[1] - bounds[0]) + large.events.count)
                for (position, timeline) in (timelines + innerTimelines).enumerated() {
                    if replaced.contains(position) {
                        for _ in timeline.events { spares.priorities.append(0) }
                    } else {
                        for priority in old[bounds[position]..<bounds[position + 1]] { spares.priorities.append(priority) }
                    }
                }
            }
        }
        var order: [HotEventRef] = []
        swap(&order, &spares.order)
        Self.hotOrder(sources: timelines, inners: innerTimelines, priorities: spares.priorities.elements, into: &order)
        let disposeTick: Int = try source.span("dispose") {
            let early = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(earlyDisposePercent) ? 1 : 0 }
            guard early == 1 else { return disposed }
            // A third of early disposes come right after subscribing, before most activity.
            let steps = UInt64(windowSteps)
            return subscribed + tickStep * Int(try source.draw(below: steps) { rng in
                rng.next(below: 3) == 0 ? rng.next(below: min(3, steps)) : rng.next(below: steps)
            })
        }
        let extraCount: Int = extraSubscribers.upperBound == 0 ? 0 : try source.span("subscriber count") {
            extraSubscribers.lowerBound + Int(try source.draw(below: UInt64(extraSubscribers.count)))
        }
        let windows: [Subscription] = try (0..<extraCount).map { _ in
            try source.span("subscriber") {
                let start = Int(try source.draw(below: UInt64(windowSteps)))
                let length = 1 + Int(try source.draw(below: UInt64(windowSteps - start)))
                return Subscription(subscribed + tickStep * start, subscribed + tickStep * (start + length))
            }
        }
        let disposeInside: Int? = disposeInsidePercent == 0 ? nil : try source.span("dispose inside") {
            let yes = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(disposeInsidePercent) ? 1 : 0 }
            return yes == 1 ? 1 + Int(try source.draw(below: 4)) : nil
        }
        let feedback: Scenario.Feedback? = feedbackPercent == 0 ? nil : try source.span("feedback") {
            let yes = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(feedbackPercent) ? 1 : 0 }
            guard yes == 1 else { return nil }
            let after = 1 + Int(try source.draw(below: 3))
            // A "value" span like an event's: moving value between an element and the one fed
            // back (which of the two carries the 1) is then one shrink step.
            let value = try source.span("value") { Int(try source.draw(below: UInt64(values))) }
            var feedback = Scenario.Feedback(after: after, value: value)
            // With inner sources, the value may go into one of them instead (zero: source 0).
            if feedsInners && !innerTimelines.isEmpty {
                let target = Int(try source.draw(below: UInt64(1 + innerTimelines.count)))
                feedback.inner = target == 0 ? nil : target - 1
            }
            // With several sources, into any of them (zero: the first).
            if feedsOtherSources && feedback.inner == nil && timelines.count > 1 {
                feedback.source = Int(try source.draw(below: UInt64(timelines.count)))
            }
            return feedback
        }
        let drawnParameters: [Int] = try parameters.map { range in
            try source.span("parameter") { range.lowerBound + Int(try source.draw(below: UInt64(range.count))) }
        }
        // Last, so every choice before it is drawn as it was without it.
        let action: Scenario.SubscriberAction? = subscriberActionPercent == 0 || extraCount == 0 ? nil
            : try source.span("subscriber action") {
                let yes = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(subscriberActionPercent) ? 1 : 0 }
                guard yes == 1 else { return nil }
                // Zero: a dispose by the main subscriber of the first further one.
                let kind: Scenario.SubscriberAction.Kind = try source.draw(below: 2) == 0 ? .dispose : .subscribe
                // Half the time the main subscriber: its window is the longest, so it is most
                // often there when another one is. Else a further one, which may act inside the
                // replay it receives as it subscribes.
                let actor = Int(try source.draw(below: UInt64(1 + extraCount)) { rng in
                    rng.next(below: 2) == 0 ? 0 : 1 + rng.next(below: UInt64(extraCount))
                })
                // Any other window for a dispose, another further one for a subscribe: counted
                // from the one after the actor, wrapping round.
                let targets = Self.actionTargets(actor: actor, extras: extraCount, kind: kind)
                guard !targets.isEmpty else { return nil }
                // A further subscriber half the time disposes the main one: inside its replay, the
                // last other subscriber leaving is the corner where sharing operators differ.
                let main = UInt64(targets.firstIndex(of: 0) ?? 0)
                let target = targets[Int(try source.draw(below: UInt64(targets.count)) { rng in
                    actor > 0 && kind == .dispose && rng.next(below: 2) == 0 ? main : rng.next(below: UInt64(targets.count))
                })]
                // A further subscriber mostly at its first element, often a replayed one.
                let after = 1 + Int(try source.draw(below: 3) { rng in
                    actor > 0 && rng.next(below: 2) == 0 ? 0 : rng.next(below: 3)
                })
                return Scenario.SubscriberAction(kind, actor: actor, after: after, target: target)
            }
        // The lists stay with the spares too, shared with the case until it is gone.
        spares.timelines = timelines
        if !innerTimelines.isEmpty { spares.innerTimelines = innerTimelines }
        if order.capacity <= DrawSpares.longestListKept { spares.order = order }
        return Scenario(sources: timelines, inners: innerTimelines, hotOrder: order, created: created,
                        subscribed: subscribed, disposed: disposeTick, parameters: drawnParameters,
                        extraSubscribers: windows, disposeInsideAfter: disposeInside, feedback: feedback,
                        subscriberAction: action)
    }

    /// Draws one timeline with the buffers and lists of `spares`.
    private func drawTimeline(_ source: ChoiceSource, flavors: Flavors, maxEvents: Int, valueBound: Int,
                              spares: DrawSpares) throws -> SourceTimeline {
        try drawTimeline(source, flavors: flavors, maxEvents: maxEvents, valueBound: valueBound,
                         into: &spares.drawn, priorities: &spares.priorities, lists: spares)
    }

    /// Draws one timeline, its events drawn in `events` (emptied first) and copied into the next
    /// list of `lists`, and appends each event's tie priority (see `hotOrder`) to `priorities`.
    private func drawTimeline(_ source: ChoiceSource, flavors: Flavors, maxEvents: Int, valueBound: Int,
                              into events: inout DrawBuffer<TimelineEvent>, priorities: inout DrawBuffer<Int>,
                              lists: DrawSpares) throws -> SourceTimeline {
        // The closures below read these locals, not `self`: capturing the shape would copy it
        // (and retain its parameter list) for every event drawn.
        let (tickStep, maxGap, sameTickPercent, tiePercent) = (tickStep, maxGap, sameTickPercent, tiePercent)
        let (completions, errors, errorIdentities, subscribed) = (completions, errors, errorIdentities, subscribed)
        let flavor: SourceTimeline.Flavor
        switch flavors {
        case .hot: flavor = .hot
        case .cold: flavor = .cold
        case .mixed: flavor = try source.draw(below: 2) == 0 ? .hot : .cold
        case .mixedWithSynchronous:
            flavor = [.hot, .cold, .synchronous, .behavior][Int(try source.draw(below: behaviorSources ? 4 : 3))]
        }
        // Hot ticks start one step after the subscription (a hot event at the subscribe tick is
        // always missed, so it only adds noise); cold offsets start at 0. With that, the simplest
        // choices give the same-looking timeline in either flavour, and a counterexample can
        // shrink from cold to hot one choice at a time.
        let base = flavor.isHot ? subscribed + tickStep : 0
        let limit = flavor.isHot ? disposed : disposed - subscribed
        let cap = max(1, (maxEvents * source.size + 99) / 100)
        let continuePercent = UInt64(min(90, 100 * cap / (cap + 2)))
        events.removeAll()
        var steps = 0
        // At random, a gap of 0 (same tick) or up to `gapBound` steps; small cases draw small
        // gaps, so their few events often share ticks across sources. `drawn: false` keeps the
        // choice at 0 (a choice that is read but means nothing).
        let gapBound = max(1, min(maxGap, 1 + source.size / 12))
        func drawGap(drawn: Bool = true) throws -> Int {
            Int(try source.draw(below: UInt64(maxGap + 1)) { rng in
                !drawn || rng.next(below: 100) < UInt64(sameTickPercent) ? 0 : 1 + rng.next(below: UInt64(gapBound))
            })
        }
        func drawPriority(drawn: Bool = true) throws -> Int {
            try source.span("tie") {
                Int(try source.draw(below: 4) { rng in !drawn || rng.next(below: 100) < UInt64(100 - tiePercent) ? 0 : 1 + rng.next(below: 3) })
            }
        }
        /// One event's choices: a flag (0: no event, and nothing more drawn), then its gap, value
        /// and tie priority. nil when the flag is 0 or the event is not `allowed`.
        func drawEvent(flag: (inout Xoshiro256) -> UInt64, allowed: Bool = true, timed: Bool = true) throws
            -> (gap: Int, value: Int, priority: Int)? {
            try source.span("event") {
                guard try source.draw(below: 2, random: flag) == 1, allowed else { return nil }
                let gap = try source.span("gap") { try drawGap(drawn: timed) }
                let value = try source.span("value") { Int(try source.draw(below: UInt64(valueBound))) }
                return (gap, value, try drawPriority(drawn: timed))
            }
        }
        if flavor == .behavior {
            // Mostly an initial element, fired at the subscribe tick: missed by a plain hot
            // source, handed over by a BehaviorSubject. Without one (the simplest choice), the
            // source is a replay of a live hot source that has not fired yet. It is drawn as an
            // event is (`drawEvent`, its gap and tie left at 0 and unused), so lowering the
            // flavour to hot turns the initial element into the first event, right after the
            // subscribe: a behavior source a failure does not need shrinks to the hot one in one
            // step, and both are the same length (the shorter encoding would otherwise win).
            // Also an "initial" span: without it, a single 0 (not nothing: the choices after it
            // would be read as its flag).
            let initial = try source.span("initial") {
                try drawEvent(flag: { rng in rng.next(below: 4) == 0 ? 0 : 1 }, timed: false)
            }
            if let initial {
                events.append(TimelineEvent(subscribed, .next(initial.value)))
                priorities.append(0)
            }
        }
        // The "more" flag is drawn even at the cap (forced to 0 there), so deleting an event's
        // span while shrinking never shifts the choices that follow.
        while true {
            let atCap = events.count >= cap
            guard let drawn = try drawEvent(flag: { rng in !atCap && rng.next(below: 100) < continuePercent ? 1 : 0 },
                                            allowed: !atCap) else { break }
            let event = TimelineEvent(base + tickStep * (steps + drawn.gap), .next(drawn.value))
            guard event.tick <= limit else { break }
            steps += drawn.gap
            events.append(event)
            priorities.append(drawn.priority)
        }
        let terminal: (TimelineEvent, Int)? = try source.span("terminal") {
            let allowed = UInt64(1 + (completions ? 1 : 0) + (errors ? 1 : 0))
            let kind = try source.draw(below: allowed) { rng in
                let roll = rng.next(below: 100)
                if roll < 40 || allowed == 1 { return 0 }
                if allowed == 3 { return roll < 72 ? 1 : 2 }
                return 1
            }
            guard kind > 0 else { return nil }
            let gap = try source.span("gap") { try drawGap() }
            let tick = base + tickStep * (steps + gap)
            let isError = !completions || kind == 2
            // A completion draws the error's identity too, left at 0: both terminals then take
            // as many choices, and an error a failure does not need lowers to a completion in
            // one step (a shorter completion would otherwise be out of its reach).
            let identity = errors ? Int(try source.draw(below: UInt64(errorIdentities)) { rng in isError ? rng.next(below: UInt64(errorIdentities)) : 0 }) : 0
            let value: TimelineValue = isError ? .error(1 + identity) : .completed
            return (TimelineEvent(tick, value), try drawPriority())
        }
        if let (event, priority) = terminal, event.tick <= limit {
            events.append(event)
            priorities.append(priority)
        }
        if flavor == .synchronous {
            // Everything happens inside subscribe: ticks mean nothing (offset 0).
            return SourceTimeline(flavor, lists.events(from: events.elements, tick: 0))
        }
        return SourceTimeline(flavor, lists.events(from: events.elements))
    }
}
