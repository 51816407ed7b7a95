import RxCore

/// A model clock's working arrays — hot ranks, queue, open subscriptions, sources awaiting
/// their turn — which a finished clock leaves to its thread for the next one: a model run then
/// allocates none of them. The outcome's arrays (output, logs, steps) are the caller's and
/// are made anew each time.
struct ClockStorage {
    var ranks: [Int] = []
    var queue = ArrivalQueue.Storage()
    var open: [(timeline: TimelineID, log: Int)?] = []
    var awaitingTurn: [(id: Int, timeline: TimelineID, disposed: Bool)] = []

    /// Arrays with room for more elements than this are not kept: one large case must not pin
    /// its memory for the rest of the thread's life.
    static let largestKept = 1_024

    /// The thread's holder of kept storage. A clock trades its own (empty) arrays for the kept
    /// ones as it starts, and its used ones back as it finishes, in place — a clock made while
    /// another runs on the same thread finds empty arrays there and grows its own.
    static var ofThisThread: SpareBox { SpareBox.current ?? SpareBox.install() }

    /// Empties what a finished clock left, keeping the capacity of arrays no longer than
    /// `largestKept`.
    mutating func empty() {
        // `ranks` keeps its count: a clock zeroes and writes the part it reads (`buildRanks`).
        if ranks.capacity > Self.largestKept { ranks = [] }
        queue.empty(keepingUpTo: Self.largestKept)
        open.removeEach(keepingUpTo: Self.largestKept)
        awaitingTurn.removeEach(keepingUpTo: Self.largestKept)
    }
}

extension Array {
    /// Empties the array, keeping its storage unless its capacity passes `largest`. A few
    /// elements go one `removeLast` at a time: `removeAll(keepingCapacity:)` goes through the
    /// general `replaceSubrange`, dearer for the handful these arrays usually hold.
    mutating func removeEach(keepingUpTo largest: Int) {
        if capacity > largest { self = []; return }
        if count > 16 { return removeAll(keepingCapacity: true) }
        while !isEmpty { removeLast() }
    }
}

/// The per-thread holder of a `ClockStorage`, made once per thread and released when the
/// thread ends.
final class SpareBox {
    @exclusivity(unchecked) var storage = ClockStorage()

    private static let slot = ThreadSlot<SpareBox>()

    fileprivate static var current: SpareBox? { slot.current }

    fileprivate static func install() -> SpareBox {
        let box = SpareBox()
        slot.put(box)
        return box
    }
}
