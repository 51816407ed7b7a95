import RxCore
import RxTestKit

/// What drawing a case keeps on its thread for the next: the raw buffers it draws into, and
/// the lists the last case it drew was built from — its timelines, their events and its hot
/// order. Once that case is gone (the usual case: a property checks one case at a time) the
/// lists are held here alone, and emptying one keeps its storage, so the next case is built
/// without allocating. A case still held keeps its own, and the next is built in new lists,
/// no larger than it needs (`emptyForReuse`).
final class DrawSpares {
    private static let slot = ThreadSlot<DrawSpares>()

    // Unchecked exclusivity: one draw at a time uses them, each in one access at a time.
    /// Each timeline's events are drawn here, then copied out at their count.
    @exclusivity(unchecked) var drawn = DrawBuffer<TimelineEvent>(capacity: 32)
    /// Every event's tie priority, timeline after timeline (sources, then inner sources): a
    /// timeline's are the next `events.count`.
    @exclusivity(unchecked) var priorities = DrawBuffer<Int>(capacity: 32)
    /// The last case's sources, inner sources and hot order.
    @exclusivity(unchecked) var timelines: [SourceTimeline] = []
    @exclusivity(unchecked) var innerTimelines: [SourceTimeline] = []
    @exclusivity(unchecked) var order: [HotEventRef] = []
    /// The events of the last case's timelines, in drawing order: the lists those timelines
    /// share. `events(from:)` hands them out again.
    @exclusivity(unchecked) private var eventLists: [[TimelineEvent]] = []
    /// How many of `eventLists` the case being drawn has taken.
    @exclusivity(unchecked) private var eventListsTaken = 0
    /// The most event lists kept, and the longest: a case with many sources, or a large one,
    /// does not leave its lists behind.
    private static let listsKept = 16
    static let longestListKept = 1_024

    deinit {
        drawn.free()
        priorities.free()
    }

    /// The thread's spares, or new ones (the thread's are then taken until `put`).
    static func take() -> DrawSpares { slot.take() ?? DrawSpares() }

    /// Keeps `spares` for the thread's next case (unless a draw nested in this one kept its own).
    static func put(_ spares: DrawSpares) {
        if slot.isEmpty { slot.put(spares) }
    }

    /// Starts a case: the last case's lists are emptied (its timelines first, so the event
    /// lists they share are left to this), its buffers too.
    func begin() {
        timelines.emptyForReuse()
        if !innerTimelines.isEmpty { innerTimelines.emptyForReuse() }
        drawn.removeAll()
        priorities.removeAll()
        eventListsTaken = 0
        if eventLists.count > Self.listsKept { eventLists.removeLast(eventLists.count - Self.listsKept) }
    }

    /// The next event list, holding `events` — with each event's tick set to `tick` when given.
    func events(from events: UnsafeBufferPointer<TimelineEvent>, tick: Int? = nil) -> [TimelineEvent] {
        let index = eventListsTaken
        eventListsTaken += 1
        if index == eventLists.count {
            eventLists.append([])
        } else if eventLists[index].capacity > Self.longestListKept {
            eventLists[index] = []
        } else {
            eventLists[index].emptyForReuse()
        }
        if let tick {
            for event in events { eventLists[index].append(TimelineEvent(tick, event.value)) }
        } else {
            eventLists[index].append(contentsOf: events)
        }
        return eventLists[index]
    }
}

extension Array {
    /// Empties the array to be filled again: in place, keeping its storage, when nothing else
    /// holds that; otherwise as a new empty array, which grows as it is filled — not one as
    /// large as the storage still held elsewhere (a case kept by its caller would otherwise
    /// leave every case drawn after it with room for the largest list seen).
    mutating func emptyForReuse() {
        let storage = withUnsafeBufferPointer { $0.baseAddress }
        removeAll(keepingCapacity: true)
        // Shared, the storage was left to its other holder and a new one made at its size.
        if withUnsafeBufferPointer({ $0.baseAddress }) != storage { self = [] }
    }
}
