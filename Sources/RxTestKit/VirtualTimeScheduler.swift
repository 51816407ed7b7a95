import Foundation
import RxCore

/// Something the virtual scheduler can run. One object can stand behind many queued entries
/// (a hot source's events, a cold subscription's copies) told apart by `payload`, so queueing
/// a source event allocates nothing.
open class VirtualAction {
    /// For conforming classes.
    public init() {}

    /// This target's slot in the scheduler's target table while entries for it are queued.
    @exclusivity(unchecked) fileprivate var slot = -1
    /// How many queued entries point at this target.
    @exclusivity(unchecked) fileprivate var queued = 0

    /// True when queued entries for this target must be skipped.
    open var isCancelled: Bool { false }

    /// True for an action queued relative to now (`schedule`, `scheduleRelative`): a timer or
    /// a hop of code under test, as opposed to a scripted event or a harness action.
    open var isRelative: Bool { false }

    /// Runs the queued entry carrying `payload`.
    open func fire(_ payload: Int) {}
}

/// Single-threaded virtual-time scheduler: a binary heap of actions keyed by
/// `(dueTick, sequence)`. Actions due at the same tick run in the order they were queued
/// (FIFO), including ones queued while that tick is being processed. n actions cost
/// O(n log n).
open class VirtualTimeScheduler: SchedulerType {
    /// A queued action as plain data: sifting the heap copies no references, so it does no
    /// reference counting. The target lives in `targets[slot]`.
    /// 24 bytes: a queued event costs no more than that (plus the heap's spare capacity).
    fileprivate struct Entry: HeapOrdered {
        var time: TestTime
        var sequence: Int
        var slot: Int32
        var payload: Int32

        @inline(__always) func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    // Unchecked exclusivity on the queue's state: every access is a short read or write
    // that never overlaps another (actions run after their entry is popped), and the
    // run-time checks were a tenth of the instructions of running a property case.
    @exclusivity(unchecked) private var heap: [Entry] = []
    /// A target's slot: it holds its target with one retain of its own, taken when the target
    /// gets the slot and given back when it leaves it — the run loop calls a target it takes
    /// from here without retaining it again, since the slot keeps it alive until after it has
    /// fired. A free slot links to the next free one instead (a free list in the same array).
    private struct Slot {
        var target: Unmanaged<VirtualAction>?
        var nextFree: Int32
    }
    @exclusivity(unchecked) private var targets: [Slot] = []
    /// The first free slot, or -1.
    @exclusivity(unchecked) private var firstFree: Int32 = -1
    @exclusivity(unchecked) private var nextSequence = 0
    @exclusivity(unchecked) private var isRunning = false

    /// The current tick; never moves backwards.
    public private(set) var clock: TestTime {
        get { sharedClock.now }
        set { sharedClock.now = newValue }
    }

    /// Where the clock is kept: a recorder holds this, not the scheduler, so reading the tick
    /// at every event retains nothing (an unowned reference to the scheduler would be checked
    /// and retained each time) and holds no cycle.
    let sharedClock: SharedClock

    /// How many seconds one tick stands for when converting `RxTimeInterval`s.
    public let resolution: Double

    /// When true (RxTest's default), a relative due time of zero or less means the next tick.
    public let simulateProcessingDelay: Bool

    /// The number of actions run so far.
    @exclusivity(unchecked) public private(set) var steps = 0

    /// The most actions a run may take before it is stopped as a runaway; nil for no limit.
    @exclusivity(unchecked) public var stepBudget: Int?

    /// True when a run was stopped because it used up `stepBudget`.
    @exclusivity(unchecked) public private(set) var exceededStepBudget = false

    /// A scheduler whose clock starts at `initialClock`.
    public init(initialClock: TestTime = 0, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.sharedClock = SharedClock(initialClock)
        self.resolution = resolution
        self.simulateProcessingDelay = simulateProcessingDelay
        // Room for a typical test's queue and actions at once instead of doubling there.
        heap.reserveCapacity(32)
        targets.reserveCapacity(8)
    }

    /// The number of queued entries (including cancelled ones not yet skipped).
    public var pendingCount: Int { heap.count }

    /// Room in the queue and the target table, in entries.
    var capacity: Int { heap.capacity + targets.capacity }

    /// Called with the tick of every relative action (see `VirtualAction.isRelative`) just
    /// before it runs: lets a harness see timers that fire after the code under test ended.
    /// (Unchecked exclusivity: set between runs, read in one access at a time.)
    @exclusivity(unchecked) public var onRelativeAction: ((TestTime) -> Void)? {
        didSet { watchesRelativeActions = onRelativeAction != nil || relativeActionWatcher != nil }
    }

    /// A scenario run's hot feed, kept for this scheduler's next run (see `HotFeed`).
    var spareHotFeed: VirtualAction?

    /// Scenario hot sources of earlier runs, cleared, for the next run on this scheduler to take
    /// instead of making its own (see `HotSourceSpares`).
    @exclusivity(unchecked) var spareHotSources: [HotObservable<Int>] = []
    /// The empty list of a scenario run's sources, for the next run to fill.
    @exclusivity(unchecked) var spareSourceList: [Observable<Int>] = []
    /// The list of source logs of a scenario run's outcome, for the next run to empty and fill.
    @exclusivity(unchecked) var spareSourceLogs: [[Subscription]] = []

    /// A scenario run's harness and main observer, kept for this scheduler's next run.
    @exclusivity(unchecked) var spareHarness: VirtualAction?

    /// `onRelativeAction` as an object (a scenario run's harness): no closure to allocate.
    /// Unowned and unchecked: whoever sets it clears it before it goes.
    unowned(unsafe) var relativeActionWatcher: RelativeActionWatcher? {
        didSet { watchesRelativeActions = onRelativeAction != nil || relativeActionWatcher != nil }
    }

    /// Either of the two is set: one test per action run.
    private var watchesRelativeActions = false

    // MARK: Queue

    /// Makes room for `count` more queued entries at once — a hot source queues all its events
    /// up front — so a long queue grows once instead of doubling its way there (and keeps no
    /// spare half). Short ones grow as usual: reserving would only add a reallocation.
    public final func reserveQueue(_ count: Int) {
        guard count >= 1_024 else { return }
        heap.reserveCapacity(heap.count + count)
    }

    /// Queues `target.fire(payload)` at absolute tick `time` (a past tick runs next, at the
    /// current clock). `payload` fits in 32 bits (an event's index).
    public final func enqueue(_ target: VirtualAction, payload: Int = 0, at time: TestTime) {
        let sequence = nextSequence
        nextSequence &+= 1
        enqueue(target, payload: payload, at: time, sequence: sequence)
    }

    /// Takes the next `count` places in the FIFO order of equal ticks without queueing anything
    /// yet, and returns the first: an entry queued later with one of these numbers runs exactly
    /// where it would have run if queued now.
    final func reserveSequences(_ count: Int = 1) -> Int {
        defer { nextSequence &+= count }
        return nextSequence
    }

    /// Queues with a place reserved by `reserveSequences`.
    final func enqueue(_ target: VirtualAction, payload: Int, at time: TestTime, sequence: Int) {
        if target.slot < 0 {
            if firstFree >= 0 {
                let free = Int(firstFree)
                firstFree = targets[free].nextFree
                target.slot = free
                targets[free] = Slot(target: .passRetained(target), nextFree: -1)
            } else {
                target.slot = targets.count
                targets.append(Slot(target: .passRetained(target), nextFree: -1))
            }
        }
        target.queued += 1
        guard let payload = Int32(exactly: payload) else { preconditionFailure("enqueue: a payload must fit in 32 bits, got \(payload)") }
        let entry = Entry(time: time, sequence: sequence, slot: Int32(target.slot), payload: payload)
        heap.heapPush(entry)
    }

    /// Takes the target of a popped entry. Its slot stays until `settle`: an action that queues
    /// itself again while it fires (a hot source's next event) keeps the slot it has.
    private func take(_ entry: Entry) -> Unmanaged<VirtualAction> {
        let target = targets[Int(entry.slot)].target!
        target._withUnsafeGuaranteedRef { $0.queued -= 1 }
        return target
    }

    /// Releases the slot of a target taken from the queue when no entry points at it any more.
    private func settle(_ unmanaged: Unmanaged<VirtualAction>) {
        let slot = unmanaged._withUnsafeGuaranteedRef { target -> Int in
            guard target.queued == 0, target.slot >= 0 else { return -1 }
            defer { target.slot = -1 }
            return target.slot
        }
        guard slot >= 0 else { return }
        targets[slot] = Slot(target: nil, nextFree: firstFree)
        firstFree = Int32(slot)
        unmanaged.release()
    }

    /// Runs the entry just taken from the queue unless its target is cancelled or the step
    /// budget is used up (then false: the run stops).
    private func run(_ entry: Entry, _ unmanaged: Unmanaged<VirtualAction>) -> Bool {
        unmanaged._withUnsafeGuaranteedRef { target in
            if target.isCancelled { return true }
            guard takeStep(at: entry.time) else { return false }
            if watchesRelativeActions, target.isRelative {
                onRelativeAction?(entry.time)
                relativeActionWatcher?.relativeActionRuns(at: entry.time)
            }
            target.fire(Int(entry.payload))
            return true
        }
    }

    deinit {
        for slot in targets { slot.target?.release() }
    }

    /// Back to the state of a scheduler just made with the same `resolution` and
    /// `simulateProcessingDelay`, its clock at `initialClock`: nothing queued (what still was is
    /// let go), no budget, no watcher. The queue keeps its capacity. Not while it runs.
    final func reset(initialClock: TestTime) {
        precondition(!isRunning, "reset: the scheduler is running")
        // Every slot freed and linked in order, as a fresh table would hand them out.
        for index in targets.indices {
            if let target = targets[index].target {
                target._withUnsafeGuaranteedRef { target in
                    target.slot = -1
                    target.queued = 0
                }
                target.release()
            }
            targets[index] = Slot(target: nil, nextFree: index + 1 < targets.count ? Int32(index + 1) : -1)
        }
        firstFree = targets.isEmpty ? -1 : 0
        if !heap.isEmpty { heap.removeAll(keepingCapacity: true) }
        nextSequence = 0
        steps = 0
        stepBudget = nil
        exceededStepBudget = false
        if onRelativeAction != nil { onRelativeAction = nil }
        if relativeActionWatcher != nil { relativeActionWatcher = nil }
        clock = initialClock
    }

    // MARK: Running

    /// Runs queued actions in order until none is left, `stop()` is called, or the step budget
    /// is used up.
    public func start() {
        guard !isRunning else { return }
        isRunning = true
        runsToEnd = true
        defer { isRunning = false; runsToEnd = false }
        while isRunning, let entry = heap.heapPop() {
            let target = take(entry)
            defer { settle(target) }
            guard run(entry, target) else { return }
        }
    }

    /// True while `start()` runs: no tick limit, as `advanceTo` has.
    @exclusivity(unchecked) private var runsToEnd = false

    /// For an absolute action, while it fires, about to queue itself again at `time` in the
    /// place `sequence` (from `reserveSequences`): true when that entry would be the next to run
    /// anyway — `start()` is running and nothing queued comes first. The clock and the step
    /// count then move as they would for it, and the caller runs it at once instead of queueing
    /// it. False when it must be queued; also when the step budget is used up, which stops the
    /// run as it would have stopped on taking the entry.
    final func runsNext(at time: TestTime, sequence: Int) -> Bool {
        guard isRunning, runsToEnd else { return false }
        if let first = heap.first, first.precedes(Entry(time: time, sequence: sequence, slot: 0, payload: 0)) { return false }
        guard takeStep(at: time) else {
            isRunning = false
            return false
        }
        return true
    }

    /// Moves the clock to `time` (never back) and counts a step, for an action about to run;
    /// false, noting `exceededStepBudget`, once the step budget is used up.
    @inline(__always)
    private func takeStep(at time: TestTime) -> Bool {
        if time > clock { clock = time }
        steps += 1
        if let stepBudget, steps > stepBudget {
            exceededStepBudget = true
            return false
        }
        return true
    }

    /// Stops a running `start()` after the current action.
    public func stop() { isRunning = false }

    /// Runs every action due at or before `time`, then sets the clock to `time`.
    public func advanceTo(_ time: TestTime) {
        precondition(time >= clock, "advanceTo: cannot move the clock backwards from \(clock) to \(time)")
        guard !isRunning else { return }
        isRunning = true
        defer { isRunning = false }
        while isRunning, let first = heap.first, first.time <= time {
            guard let entry = heap.heapPop() else { break }
            let target = take(entry)
            defer { settle(target) }
            guard run(entry, target) else { return }
        }
        clock = time
    }

    /// Moves the clock forward by `ticks` without running anything.
    public func sleep(_ ticks: TestTime) {
        precondition(ticks >= 0, "sleep: ticks must not be negative")
        clock += ticks
    }

    // MARK: SchedulerType

    public var now: RxTime { Date(timeIntervalSince1970: Double(clock) * resolution) }

    /// Converts an interval to whole ticks at this scheduler's resolution (rounded to nearest).
    public func ticks(_ interval: RxTimeInterval) -> TestTime {
        let seconds = interval.seconds
        guard seconds.isFinite else { return Int.max / 2 }
        return Int((seconds / resolution).rounded())
    }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelativeTicks(0) { action(state) }
    }

    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        scheduleRelativeTicks(ticks(dueTime)) { action(state) }
    }

    /// Queues `action` `ticks` after now; with processing delay on, zero or less means next tick.
    @discardableResult
    public func scheduleRelativeTicks(_ ticks: TestTime, action: @escaping () -> Disposable) -> Disposable {
        var due = clock + ticks
        if simulateProcessingDelay && due <= clock { due = clock + 1 }
        let item = ClosureAction(action, isRelative: true)
        enqueue(item, at: due)
        return item
    }

    /// Queues `action` at absolute tick `time`.
    @discardableResult
    public func scheduleAbsolute(_ time: TestTime, action: @escaping () -> Disposable) -> Disposable {
        let item = ClosureAction(action)
        enqueue(item, at: time)
        return item
    }

    /// Queues a plain closure at absolute tick `time` (RxTest's `scheduleAt`).
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        scheduleAbsolute(time) {
            action()
            return Disposables.create()
        }
    }
}

/// Told the tick of every relative action just before it runs (`VirtualAction.isRelative`).
protocol RelativeActionWatcher: AnyObject {
    func relativeActionRuns(at tick: TestTime)
}

/// A queued closure; disposing it before it runs cancels it.
final class ClosureAction: VirtualAction, Disposable {
    private var action: (() -> Disposable)?
    private var result: Disposable?
    private var disposed = false
    private let relative: Bool

    init(_ action: @escaping () -> Disposable, isRelative: Bool = false) {
        self.action = action
        self.relative = isRelative
    }

    override var isCancelled: Bool { disposed }
    override var isRelative: Bool { relative }

    override func fire(_ payload: Int) {
        guard let action else { return }
        self.action = nil
        let result = action()
        if disposed { result.dispose() } else { self.result = result }
    }

    func dispose() {
        guard !disposed else { return }
        disposed = true
        action = nil
        let result = self.result
        self.result = nil
        result?.dispose()
    }
}

/// A scheduler's current tick, shared with the recorders that stamp events with it.
final class SharedClock {
    @exclusivity(unchecked) var now: TestTime
    init(_ now: TestTime) { self.now = now }
}
