// Hot events read along the scenario's hot order with a cursor, each going to the subscriptions
// of its timeline made before it: how the queue delivers hot events without a heap entry per
// subscription or per event.

import RxCore
import RxTestKit

extension ArrivalQueue {
    /// Takes the scenario's timelines, and reads hot events along `order` from now on; false,
    /// reading none, when its ticks decrease somewhere (the caller then pushes each
    /// subscription's events).
    mutating func load(_ order: [HotEventRef], sources: [SourceTimeline], inners: [SourceTimeline]) -> Bool {
        self.hotOrder = order
        self.sources = sources
        self.inners = inners
        let sorted = order.withUnsafeBufferPointer { order in
            sources.withUnsafeBufferPointer { sources in
                inners.withUnsafeBufferPointer { inners in
                    var previous = Int.min
                    for ref in order {
                        let timelines = ref.inner ? inners : sources
                        // An order naming a timeline that is not there is left to the general path (which traps).
                        guard UInt(bitPattern: ref.source) < UInt(timelines.count) else { return false }
                        let tick = timelines[ref.source].events[ref.index].tick
                        guard tick >= previous else { return false }
                        previous = tick
                    }
                    return true
                }
            }
        }
        guard sorted else { return false }
        for _ in 0..<(sources.count + inners.count) {
            chainHeads.append(-1)
            chainTails.append(-1)
        }
        readsHotOrder = true
        return true
    }

    /// Subscription `id` of hot timeline `slot` (sources, then inners), made at `now`: it
    /// receives the order's events of that timeline whose keys come after `now`.
    mutating func subscribeHot(slot: Int, id: Int, at now: Key) {
        let index = subscribers.count
        subscribers.append(HotSubscriber(id: id, since: now, next: -1))
        if chainTails[slot] < 0 { chainHeads[slot] = index } else { subscribers[chainTails[slot]].next = index }
        chainTails[slot] = index
    }

    /// The next hot event due before `limit` (any, for nil) with a subscriber to take it, as
    /// that subscriber's arrival. Events nobody takes are passed over — only those before
    /// `limit`: what arrives at `limit` may still subscribe their timeline.
    @inline(__always)
    mutating func peekHot(before limit: Key?) -> Arrival? {
        if removedSinceUnlinking > 8 { unlinkRemoved() }
        while cursor < hotOrder.count {
            let ref = hotOrder[cursor]
            let event = ref.inner ? inners[ref.source].events[ref.index] : sources[ref.source].events[ref.index]
            let key = Key(tick: event.tick, phase: 0, order: cursor)
            if let limit, !(key < limit) { return nil }
            let slot = ref.inner ? sources.count + ref.source : ref.source
            var candidate = resume == Self.fromHead ? chainHeads[slot] : resume
            while candidate >= 0 {
                let subscriber = subscribers[candidate]
                if subscriber.since < key && !isRemoved(subscription: subscriber.id) {
                    // Those passed over are removed, or subscribed at this very event: for good.
                    resume = candidate
                    peekedHot = candidate
                    return Arrival(subscription: subscriber.id, timeline: ref.inner ? .inner(ref.source) : .source(ref.source),
                                   kind: .event(event.value), key: key)
                }
                candidate = subscriber.next
            }
            cursor += 1
            resume = Self.fromHead
        }
        return nil
    }

    /// Takes the removed subscriptions out of the chains, so that later events do not walk past
    /// them again (a timeline subscribed and left over and over). A removed one that is where
    /// the walk resumes keeps its link onward.
    @inline(never)
    mutating func unlinkRemoved() {
        removedSinceUnlinking = 0
        for slot in chainHeads.indices {
            var (previous, candidate) = (-1, chainHeads[slot])
            while candidate >= 0 {
                let next = subscribers[candidate].next
                if isRemoved(subscription: subscribers[candidate].id) {
                    if previous < 0 { chainHeads[slot] = next } else { subscribers[previous].next = next }
                } else {
                    previous = candidate
                }
                candidate = next
            }
            chainTails[slot] = previous
        }
    }
}

/// A subscription to a hot timeline read along the hot order: it takes the events whose keys
/// come after `since`; `next` is the timeline's next subscriber (-1: none).
struct HotSubscriber {
    let id: Int
    let since: Key
    var next: Int
}
