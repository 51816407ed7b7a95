// The model clock's queue: synchronous batches in front, a heap of queued arrivals behind, and
// the scenario's hot order beside it. Reading the hot order along its cursor is in
// ArrivalQueue+HotOrder, the one part with rules of its own.

import RxCore
import RxTestKit

/// The model clock's queue of arrivals not yet delivered, in delivery order.
///
/// In front: the synchronous deliveries of the action being processed, depth-first — each
/// processed arrival opens a batch on top of the ones still waiting, so what it causes comes
/// before them, in the order it was caused. Behind: a binary heap of queued arrivals, ordered by
/// key and, among equal keys, by insertion (FIFO, as on the scheduler) — and, beside it, the
/// scenario's hot order read with a cursor when its ticks never fall, each of its events going
/// to its timeline's hot subscriptions. Removing a subscription's arrivals only marks the
/// subscription; its entries are skipped when reached.
struct ArrivalQueue {
    /// The open batches, bottom first, one after another in one array: only the top batch
    /// grows, and a finished batch is always the top one, so the batches form a stack (a
    /// recursion through synchronous sources opens one per level, and none allocates).
    var items: [Arrival] = []
    /// Per open batch: where it starts in `items`, and its next undelivered item there.
    var batchStarts: [Int] = []
    var batchHeads: [Int] = []
    var openBatches: Int { batchStarts.count }
    /// True once the arrival being processed has opened its batch.
    var hasOpenBatch = false
    /// The heap orders small plain entries; the arrivals themselves wait in `parked`, so a sift
    /// moves 32 bytes per step instead of a whole arrival.
    var heap: [HeapEntry] = []
    var parked: [Arrival] = []
    /// Hot subscriptions whose events are read in place: one heap entry (a negative slot,
    /// `~index`) stands for the next of a run's events, and is replaced by the one after it
    /// when taken — a hot subscription's events cost no push of their own.
    var runs: [HotRun] = []
    var sequence = 0
    /// Subscriptions whose queued arrivals were removed.
    var removed = IndexFlags()

    /// The arrays a finished queue leaves for the next (`ClockStorage`).
    struct Storage {
        var heap: [HeapEntry] = []
        var parked: [Arrival] = []
        var runs: [HotRun] = []
        var chainHeads: [Int] = []
        var chainTails: [Int] = []
        var subscribers: [HotSubscriber] = []

        /// Empties the arrays, keeping the capacity of those no longer than `largest`.
        mutating func empty(keepingUpTo largest: Int) {
            heap.removeEach(keepingUpTo: largest)
            parked.removeEach(keepingUpTo: largest)
            runs.removeEach(keepingUpTo: largest)
            chainHeads.removeEach(keepingUpTo: largest)
            chainTails.removeEach(keepingUpTo: largest)
            subscribers.removeEach(keepingUpTo: largest)
        }
    }

    init() {}

    /// Trades arrays with `storage`: a queue takes a kept storage's (emptied) arrays, and a
    /// finished queue leaves its own there. Swapped, not copied: no reference counted.
    mutating func swapStorage(_ storage: inout Storage) {
        swap(&storage.heap, &heap)
        swap(&storage.parked, &parked)
        swap(&storage.runs, &runs)
        swap(&storage.chainHeads, &chainHeads)
        swap(&storage.chainTails, &chainTails)
        swap(&storage.subscribers, &subscribers)
    }

    // Hot events read along the scenario's hot order, when its ticks never decrease (a drawn or
    // parsed scenario's): the event at `cursor` has key `(tick, 0, cursor)`, and goes to every
    // subscription of its timeline made before that key, in the order they were made — as the
    // scheduler delivers hot events, without a heap entry per subscription or per event.

    /// The scenario's hot order, sources and inner sources.
    var hotOrder: [HotEventRef] = []
    var sources: [SourceTimeline] = []
    var inners: [SourceTimeline] = []
    /// True when hot events are read along the hot order (`load`).
    var readsHotOrder = false
    var cursor = 0
    /// The next subscriber (an index in `subscribers`) to consider for the event at `cursor`;
    /// `fromHead` for its timeline's first, -1 when none is left.
    var resume = fromHead
    static let fromHead = -2
    /// Per timeline (sources, then inners): its first and last hot subscriber, or -1.
    var chainHeads: [Int] = []
    var chainTails: [Int] = []
    var subscribers: [HotSubscriber] = []
    /// The subscriber the last `peekQueued` returned a hot event for; -1 when it returned a
    /// queued arrival (or nothing).
    var peekedHot = -1
    /// Subscriptions removed since the chains were last cleared of removed ones.
    var removedSinceUnlinking = 0

    /// Room for `count` queued arrivals at once, and for `subscriptions` hot runs. Only the heap
    /// is allocated now; the rest when first used (a hot-only case parks nothing, a cold-only
    /// one runs nothing).
    mutating func reserveCapacity(_ count: Int, subscriptions: Int) {
        // No more than fit the block malloc keeps in its per-thread cache: a hot subscription's
        // events take one entry, so most cases need far fewer.
        heap.reserveCapacity(min(count, RawBlock.arrayCapacity(of: HeapEntry.self)))
        expectedParked = count
        expectedSubscriptions = subscriptions
    }
    var expectedParked = 0
    var expectedSubscriptions = 0

    /// The next arrival starts being processed: what it causes goes into a new batch.
    mutating func beginAction() { hasOpenBatch = false }

    /// Queues a delivery inside the current action, after those it already caused.
    mutating func pushSynchronous(_ arrival: Arrival) {
        if !hasOpenBatch {
            batchStarts.append(items.count)
            batchHeads.append(items.count)
            hasOpenBatch = true
        }
        items.append(arrival)
    }

    /// Queues an arrival on the scheduler.
    mutating func push(_ arrival: Arrival) {
        let entry = HeapEntry(key: arrival.key, sequence: sequence, slot: parked.count)
        if parked.capacity == 0 { parked.reserveCapacity(expectedParked) }
        parked.append(arrival)
        sequence += 1
        heap.heapPush(entry)
    }

    /// Queues events `first...` of a hot timeline for subscription `id`, read in place: their
    /// keys — `(tick, 0, rank)` with ranks from `ranks[base...]` — must increase strictly.
    mutating func pushHot(subscription id: Int, timeline: TimelineID, events: [TimelineEvent],
                          ranks: [Int], base: Int, first: Int) {
        guard first < events.count else { return }
        let run = HotRun(subscription: id, timeline: timeline, events: events, ranks: ranks, base: base, next: first)
        if runs.capacity == 0 { runs.reserveCapacity(expectedSubscriptions) }
        heap.heapPush(HeapEntry(key: run.key(first), sequence: sequence, slot: ~runs.count))
        runs.append(run)
        sequence += 1
    }

    /// Drops every queued arrival of subscription `id`.
    mutating func remove(subscription id: Int) {
        guard id >= 0 else { return }
        removed.insert(id)
        removedSinceUnlinking += 1
    }

    func isRemoved(_ arrival: Arrival) -> Bool {
        arrival.subscription >= 0 && isRemoved(subscription: arrival.subscription)
    }

    /// Where batch `depth` ends in `items`: where the one above starts.
    func batchEnd(_ depth: Int) -> Int {
        depth + 1 < batchStarts.count ? batchStarts[depth + 1] : items.count
    }

    /// True when no synchronous delivery is waiting, nor any batch left to clear.
    var hasNoSynchronous: Bool { openBatches == 0 }

    /// The next synchronous delivery, if any.
    mutating func peekSynchronous() -> Arrival? {
        while let top = batchStarts.indices.last {
            let head = batchHeads[top]
            if head < items.count {
                let arrival = items[head]
                if !isRemoved(arrival) { return arrival }
                batchHeads[top] += 1
            } else {
                // The top batch is done (and with it the current action's, if it was open).
                items.removeLast(items.count - batchStarts[top])
                batchStarts.removeLast()
                batchHeads.removeLast()
                hasOpenBatch = false
            }
        }
        return nil
    }

    /// Where the next synchronous delivery sits: its batch's depth and its index there.
    mutating func nextSynchronousPosition() -> (depth: Int, index: Int)? {
        guard peekSynchronous() != nil else { return nil }
        return (openBatches - 1, batchHeads[openBatches - 1] - batchStarts[openBatches - 1])
    }

    /// True when subscription `id` still has its terminal to deliver among the synchronous
    /// deliveries of batch `depth` from index `first` to `last` (where a synchronous source's
    /// events sit).
    func hasPendingTerminal(of id: Int, depth: Int, first: Int, last: Int) -> Bool {
        pendingTerminal(of: id, depth: depth, first: first, last: last) != nil
    }

    /// The terminal subscription `id` still has to deliver there, if any.
    func pendingTerminal(of id: Int, depth: Int, first: Int, last: Int) -> TimelineValue? {
        guard depth < openBatches, !isRemoved(subscription: id) else { return nil }
        let start = batchStarts[depth]
        var index = start + max(first, batchHeads[depth] - start)
        let end = min(start + last + 1, batchEnd(depth))
        while index < end {
            if items[index].subscription == id, let event = items[index].event, event.isTerminal { return event }
            index += 1
        }
        return nil
    }

    /// Where subscription `id`'s next synchronous delivery sits, if it has one.
    func firstSynchronousPosition(of id: Int) -> (depth: Int, index: Int)? {
        for batch in (0..<openBatches).reversed() {
            var index = batchHeads[batch]
            while index < batchEnd(batch) {
                let arrival = items[index]
                if arrival.subscription == id && !isRemoved(arrival) && !arrival.isFedBack {
                    return (batch, index - batchStarts[batch])
                }
                index += 1
            }
        }
        return nil
    }

    /// Where the last synchronous delivery queued sits.
    var lastPushedPosition: (depth: Int, index: Int) {
        (openBatches - 1, items.count - 1 - batchStarts[openBatches - 1])
    }

    /// Takes the next synchronous delivery.
    mutating func popSynchronous() -> Arrival? {
        guard let arrival = peekSynchronous() else { return nil }
        batchHeads[openBatches - 1] += 1
        return arrival
    }

    /// The next queued arrival, if any.
    @inline(__always)
    mutating func peekQueued() -> Arrival? {
        peekedHot = -1
        guard readsHotOrder else { return peekHeap() }
        if heap.isEmpty { return peekHot(before: nil) }   // a hot-only case's every step
        let queued = peekHeap()
        return peekHot(before: queued?.key) ?? queued
    }

    /// The first arrival in the heap that was not removed.
    mutating func peekHeap() -> Arrival? {
        while let first = heap.first {
            if first.slot < 0 {
                let run = runs[~first.slot]
                if !isRemoved(subscription: run.subscription) {
                    return Arrival(subscription: run.subscription, timeline: run.timeline,
                                   kind: .event(run.events[run.next].value), key: first.key)
                }
            } else {
                let arrival = parked[first.slot]
                if !isRemoved(arrival) { return arrival }
            }
            popHeap()
        }
        return nil
    }

    /// Takes the queued arrival `peekQueued` has just returned (without looking it up again).
    @inline(__always)
    mutating func dropPeekedQueued() {
        if peekedHot >= 0 {
            resume = subscribers[peekedHot].next
            peekedHot = -1
            if resume < 0 {   // its last subscriber: on to the next event
                cursor += 1
                resume = Self.fromHead
            }
            return
        }
        guard let first = heap.first, first.slot < 0 else { return popHeap() }
        let index = ~first.slot
        runs[index].next += 1
        let next = runs[index].next
        if next < runs[index].events.count {
            heap.heapReplaceTop(HeapEntry(key: runs[index].key(next), sequence: first.sequence, slot: first.slot))
        } else {
            popHeap()
        }
    }

    func isRemoved(subscription id: Int) -> Bool { removed.contains(id) }

    /// What subscription `id` still has to deliver synchronously, in delivery order — its own
    /// events, not values fed back into it.
    func synchronous(of id: Int) -> [TimelineValue] {
        var values: [TimelineValue] = []
        for batch in (0..<openBatches).reversed() {
            for arrival in items[batchHeads[batch]..<batchEnd(batch)] where arrival.subscription == id && !isRemoved(arrival)
                && !arrival.isFedBack {
                values.append(arrival.value)
            }
        }
        return values
    }

    mutating func popHeap() { _ = heap.heapPop() }
}

/// A hot subscription's events still to come, read from its timeline: `next` is the one the
/// heap entry stands for. The entry keeps the sequence number the run was pushed with, so among
/// equal keys runs keep their subscription order, as if each event had been pushed then.
struct HotRun {
    let subscription: Int
    let timeline: TimelineID
    let events: [TimelineEvent]
    let ranks: [Int]
    let base: Int
    var next: Int

    func key(_ index: Int) -> Key { Key(tick: events[index].tick, phase: 0, order: ranks[base + index]) }
}

/// A queued arrival's place in the heap: its key, its insertion number (FIFO among equal keys)
/// and where the arrival waits.
struct HeapEntry: HeapOrdered {
    let key: Key
    let sequence: Int
    let slot: Int

    func precedes(_ other: HeapEntry) -> Bool {
        if key != other.key { return key < other.key }
        return sequence < other.sequence
    }
}
