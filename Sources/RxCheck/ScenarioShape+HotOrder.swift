// The order hot events fire in: by tick, then by drawn tie priority, then in list order, built
// by the fastest of three equivalent routes for the case at hand.

import RxTestKit

extension ScenarioShape {
    /// Orders hot events by tick, then by tie priority, then in list order. Within one source a
    /// priority never drops below that of its previous event at the same tick, so a source's
    /// own events keep their order. Every event carries one priority choice, so the number of
    /// choices does not depend on which events happen to share a tick: moving an event onto
    /// another's tick while shrinking keeps the rest of the case aligned. All zeros (the
    /// simplest choices) give the default order. `priorities` holds one per event, timeline after
    /// timeline: sources, then inner sources.
    static func hotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>) -> [HotEventRef] {
        var order: [HotEventRef] = []
        hotOrder(sources: sources, inners: inners, priorities: priorities, into: &order)
        return order
    }

    /// `hotOrder` in `order`, emptied first: a list kept from the last case keeps its storage.
    static func hotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>,
                         into order: inout [HotEventRef]) {
        if !order.isEmpty { order.emptyForReuse() }
        if mergedHotOrder(sources: sources, inners: inners, priorities: priorities, into: &order) { return }
        order = packedHotOrder(sources: sources, inners: inners, priorities: priorities)
            ?? sortedHotOrder(sources: sources, inners: inners, priorities: priorities)
    }

    /// `hotOrder` for at most two hot timelines whose ticks never fall (a drawn case's usual
    /// shape): the two merged event by event, by tick and then priority, the first timeline's
    /// event first on a tie — no key per event, no sort. Nil for any other case.
    static func mergedHotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>) -> [HotEventRef]? {
        var order: [HotEventRef] = []
        return mergedHotOrder(sources: sources, inners: inners, priorities: priorities, into: &order) ? order : nil
    }

    /// `mergedHotOrder` appended to `order`; false (nothing appended) for a case it does not fit.
    static func mergedHotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>,
                               into merged: inout [HotEventRef]) -> Bool {
        typealias Run = (events: [TimelineEvent], inner: Bool, source: Int, start: Int)
        var first: Run?
        var second: Run?
        var start = 0
        for list in 0..<2 {
            for (source, timeline) in (list == 0 ? sources : inners).enumerated() {
                defer { start += timeline.events.count }
                guard timeline.flavor.isHot else { continue }
                let run: Run = (timeline.events, list == 1, source, start)
                if first == nil { first = run } else if second == nil { second = run } else { return false }
            }
        }
        let a = first ?? ([], false, 0, 0)
        let b = second ?? ([], false, 0, 0)
        guard start <= priorities.count else { return false }
        // Ticks that fall somewhere within a timeline: sorted instead.
        func rises(_ events: [TimelineEvent]) -> Bool {
            var previous = Int.min
            for event in events {
                if event.tick < previous { return false }
                previous = event.tick
            }
            return true
        }
        guard rises(a.events), rises(b.events) else { return false }
        // Merged on the stack, then copied into the list: `Array(unsafeUninitializedCapacity:)`
        // allocates through a stdlib entry compiled for any type, several times the cost.
        let total = a.events.count + b.events.count
        a.events.withUnsafeBufferPointer { first in
            b.events.withUnsafeBufferPointer { second in
                withUnsafeTemporaryAllocation(of: HotEventRef.self, capacity: total) { order in
                    // A run's events are taken in their own order, so the rule that a priority
                    // never drops within a tick of one timeline needs no step here: an event whose
                    // own priority is lower than the one before it is compared only once that one
                    // is taken, and what could have gone between them has already been.
                    var (i, j) = (0, 0)
                    while i < first.count && j < second.count {
                        if (first[i].tick, priorities[a.start + i]) <= (second[j].tick, priorities[b.start + j]) {
                            order.initializeElement(at: i + j, to: HotEventRef(inner: a.inner, source: a.source, index: i))
                            i += 1
                        } else {
                            order.initializeElement(at: i + j, to: HotEventRef(inner: b.inner, source: b.source, index: j))
                            j += 1
                        }
                    }
                    for index in i..<first.count { order.initializeElement(at: index + j, to: HotEventRef(inner: a.inner, source: a.source, index: index)) }
                    for index in j..<second.count { order.initializeElement(at: first.count + index, to: HotEventRef(inner: b.inner, source: b.source, index: index)) }
                    merged.append(contentsOf: UnsafeBufferPointer(order))
                }
            }
        }
        return true
    }

    /// `hotOrder` by sorting (tick, priority, position) tuples: any sizes.
    static func sortedHotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>) -> [HotEventRef] {
        var keyed: [(tick: Int, priority: Int, position: Int, ref: HotEventRef)] = []
        let hotEvents: (Int, SourceTimeline) -> Int = { $0 + ($1.flavor.isHot ? $1.events.count : 0) }
        keyed.reserveCapacity(sources.reduce(0, hotEvents) + inners.reduce(0, hotEvents))
        var start = 0
        func add(_ timelines: [SourceTimeline], list: Int) {
            for (index, timeline) in timelines.enumerated() {
                defer { start += timeline.events.count }
                guard timeline.flavor.isHot else { continue }
                var previous: (tick: Int, priority: Int)?
                for (position, event) in timeline.events.enumerated() {
                    var priority = priorities[start + position]
                    if let previous, previous.tick == event.tick { priority = max(priority, previous.priority) }
                    previous = (event.tick, priority)
                    keyed.append((event.tick, priority, keyed.count, HotEventRef(inner: list == 1, source: index, index: position)))
                }
            }
        }
        add(sources, list: 0)
        add(inners, list: 1)
        keyed.sort { ($0.tick, $0.priority, $0.position) < ($1.tick, $1.priority, $1.position) }
        return keyed.map(\.ref)
    }

    /// `hotOrder` with each event's sort key packed into one integer — tick, priority, then the
    /// list, source and index that make up its position — so the sort compares integers, not
    /// tuples through a closure (most of drawing a case's order). Nil when a field does not fit.
    static func packedHotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>) -> [HotEventRef]? {
        // Bits, low to high: index 22, source 12, list 1, priority 2, tick 27.
        let (indexBits, sourceBits, priorityBits, tickBits) = (22, 12, 2, 27)
        guard max(sources.count, inners.count) < 1 << sourceBits else { return nil }
        var count = 0
        for timeline in sources where timeline.flavor.isHot { count += timeline.events.count }
        for timeline in inners where timeline.flavor.isHot { count += timeline.events.count }
        var keys: [UInt64] = []
        keys.reserveCapacity(count)
        var start = 0
        for list in 0..<2 {
            let timelines = list == 0 ? sources : inners
            for (source, timeline) in timelines.enumerated() {
                let events = timeline.events
                defer { start += events.count }
                guard timeline.flavor.isHot else { continue }
                guard events.count <= 1 << indexBits else { return nil }
                var previous = (tick: -1, priority: 0)
                for index in events.indices {
                    let tick = events[index].tick
                    var priority = priorities[start + index]
                    if previous.tick == tick { priority = max(priority, previous.priority) }
                    previous = (tick, priority)
                    guard tick >= 0, tick < 1 << tickBits, priority >= 0, priority < 1 << priorityBits else { return nil }
                    keys.append(UInt64(tick) << UInt64(indexBits + sourceBits + 1 + priorityBits)
                                | UInt64(priority) << UInt64(indexBits + sourceBits + 1)
                                | UInt64(list) << UInt64(indexBits + sourceBits) | UInt64(source) << UInt64(indexBits) | UInt64(index))
                }
            }
        }
        // Two timelines or fewer whose ticks never fall are merged before this (`mergedHotOrder`).
        keys.sort()
        return keys.map { key in
            HotEventRef(inner: (key >> UInt64(indexBits + sourceBits)) & 1 == 1,
                        source: Int((key >> UInt64(indexBits)) & (1 << UInt64(sourceBits) - 1)),
                        index: Int(key & (1 << UInt64(indexBits) - 1)))
        }
    }
}
