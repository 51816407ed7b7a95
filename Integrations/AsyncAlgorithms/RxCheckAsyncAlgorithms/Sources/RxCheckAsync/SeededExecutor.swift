// The seeded, single-threaded executor: while a run is active on a thread, every job bound for
// the global executor from that thread — a task started, a child task, a continuation resumed,
// a yield — is taken into this run's ready queue instead, and the run's own loop runs them one
// at a time on that thread, in an order the case decides. Time is virtual: it moves only when
// no job is ready. Apart from the harness so that whoever reads a schedule needs nothing about
// sources or consumers.

import CJobHook
import Foundation

/// Runs every job of the tasks started inside `run(_:)` on the calling thread, one at a time;
/// whenever several are ready, the next pick of the case's schedule says which (the pick modulo
/// the number ready; once the picks are used up, the oldest), so the same case gives the same
/// interleaving in any process, and a schedule of zeros is the plain FIFO order.
///
/// It relies on two entry points of the Swift runtime (see `CJobHook.h`):
/// `swift_task_enqueueGlobal_hook`, which swift-async-algorithms' own validation tests use for
/// the same purpose, to take the jobs; and `swift_job_run` on the generic executor to run each
/// as a thread of the global executor would — so a task hops nowhere it would not hop in
/// production (running jobs "on" a custom executor makes every call into a nonisolated async
/// function a hop, and a library that holds a lock across such a call then deadlocks). A job
/// enqueued from another thread goes to the real global executor untouched.
public final class SeededExecutor: @unchecked Sendable {
    /// One decision the schedule made: at `tick`, `ready` jobs were ready and the one at
    /// `picked` (0 is the oldest) ran.
    public struct Decision: Equatable, Sendable, CustomStringConvertible {
        /// The virtual tick of the decision.
        public var tick: Int
        /// How many jobs were ready.
        public var ready: Int
        /// Which ran, 0 being the oldest.
        public var picked: Int

        /// At `tick`, of `ready` ready jobs, the one at `picked` ran.
        public init(tick: Int, ready: Int, picked: Int) {
            self.tick = tick
            self.ready = ready
            self.picked = picked
        }

        public var description: String { "t\(tick): \(picked + 1) of \(ready)" }
    }

    /// An action at a virtual tick: a sleeping task to wake, or the harness's own (a source's
    /// event, the consumer's start or cancel).
    struct Timer {
        var tick: Int
        var order: Int
        var action: () -> Void
    }

    /// The current virtual tick.
    public private(set) var now: Int
    /// Every decision made among two or more ready jobs, in order.
    public private(set) var decisions: [Decision] = []
    /// Jobs run so far.
    public private(set) var jobsRun = 0
    /// True once the job budget ran out.
    public private(set) var isRunaway = false
    /// How many times a source of the run was asked for an element from another thread: a job
    /// that escaped the hook (`Task.yield()`, `Task.sleep` on a real clock) and ran on the global
    /// executor. A best-effort alarm — an escaped job that never reaches a source, or does so
    /// after the run ended, goes unseen — for a run that is then not deterministic.
    public var escapes: Int {
        escapeLock.lock()
        defer { escapeLock.unlock() }
        return escapeCount
    }
    private var escapeCount = 0
    private let escapeLock = NSLock()
    private var thread: pthread_t?

    /// Notes an escape when called off the executor's thread (the sources call it on every
    /// `next()`).
    func checkThread() {
        guard let thread, pthread_equal(thread, pthread_self()) == 0 else { return }
        escapeLock.lock()
        escapeCount += 1
        escapeLock.unlock()
    }

    private var ready: [UnsafeMutableRawPointer] = []
    private var readyHead = 0
    private var timers: [Timer] = []
    private var timerOrder = 0
    private let picks: [Int]
    private var pickCursor = 0
    private let jobBudget: Int
    private var sleeps: [Int: SleepToken] = [:]
    private var nextSleep = 0

    /// An executor at tick `start` following `picks` (each taken modulo the number of ready jobs
    /// at a decision), stopping a run that has run `jobBudget` jobs.
    public init(start: Int = 0, picks: [Int] = [], jobBudget: Int = 200_000) {
        self.now = start
        self.picks = picks
        self.jobBudget = jobBudget
    }

    // MARK: Capturing jobs

    /// Installs the runtime hook (once per process).
    static let installed: Void = {
        rxcheck_install_job_hook { job in
            guard let executor = SeededExecutor.current else { return false }
            executor.ready.append(job)
            return true
        }
    }()

    /// The executor active on this thread.
    static var current: SeededExecutor? {
        get { ThreadKey.value.map { Unmanaged<SeededExecutor>.fromOpaque($0).takeUnretainedValue() } }
        set { ThreadKey.value = newValue.map { Unmanaged.passUnretained($0).toOpaque() } }
    }

    // MARK: Timers

    /// Runs `action` at `tick` (now, when `tick` has passed): after every action already due
    /// at that tick.
    public func at(_ tick: Int, _ action: @escaping () -> Void) {
        let timer = Timer(tick: max(tick, now), order: timerOrder, action: action)
        timerOrder += 1
        // Timers stay sorted by (tick, order); insertion keeps the common append cheap.
        var index = timers.count
        while index > 0 && timers[index - 1].tick > timer.tick { index -= 1 }
        timers.insert(timer, at: index)
    }

    /// Ticks of the sleeps of code under test still waiting, in order (the harness's own, such
    /// as a rendezvous source's producer waiting for its next tick, are not counted).
    public var pendingSleeps: [Int] { sleeps.values.filter { !$0.isHarness }.map(\.deadline).sorted() }

    /// Suspends the current task until virtual tick `deadline`; a cancelled task wakes at once
    /// with `CancellationError`.
    func sleep(until deadline: Int, harness: Bool = false) async throws {
        try Task.checkCancellation()
        let token = SleepToken(id: nextSleep, deadline: deadline, isHarness: harness)
        nextSleep += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                if token.isCancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                token.continuation = continuation
                sleeps[token.id] = token
                at(deadline) { [unowned self] in
                    guard let continuation = token.continuation else { return }
                    token.continuation = nil
                    sleeps[token.id] = nil
                    continuation.resume()
                }
            }
        } onCancel: { [unowned self] in
            // Cancellation comes from a job of this run, on this thread.
            token.isCancelled = true
            if let continuation = token.continuation {
                token.continuation = nil
                sleeps[token.id] = nil
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    // MARK: Running

    /// Makes this executor the one on the calling thread for the duration of `body` — every
    /// job enqueued meanwhile from this thread is taken — and restores the previous one.
    public func activate<Result>(_ body: () throws -> Result) rethrows -> Result {
        _ = Self.installed
        let previous = Self.current
        Self.current = self
        thread = pthread_self()
        defer { Self.current = previous }
        return try body()
    }

    /// Runs ready jobs until none is ready (or the budget runs out).
    public func runUntilQuiescent() {
        while readyHead < ready.count {
            guard jobsRun < jobBudget else {
                isRunaway = true
                return
            }
            let count = ready.count - readyHead
            var index = readyHead
            if count > 1 {
                let pick = pickCursor < picks.count ? picks[pickCursor] % count : 0
                if pickCursor < picks.count { pickCursor += 1 }
                decisions.append(Decision(tick: now, ready: count, picked: pick))
                index = readyHead + pick
            }
            let job: UnsafeMutableRawPointer
            if index == readyHead {
                job = ready[readyHead]
                readyHead += 1
            } else {
                job = ready.remove(at: index)
            }
            if readyHead > 1024 && readyHead * 2 > ready.count {
                ready.removeFirst(readyHead)
                readyHead = 0
            }
            jobsRun += 1
            rxcheck_run_job(job)
        }
    }

    /// Whether a job is ready.
    public var hasReadyJobs: Bool { readyHead < ready.count }

    /// Runs jobs and timers in virtual time until no job is ready and no timer is due at or
    /// before `tick`; leaves `now` at the last timer it fired.
    public func run(through tick: Int) {
        runUntilQuiescent()
        while !isRunaway, let first = timers.first, first.tick <= tick {
            now = max(now, first.tick)
            // Every action due at this tick fires before any job runs: same-tick events are
            // ready together, and the schedule decides among what they wake.
            while let due = timers.first, due.tick == now {
                timers.removeFirst()
                due.action()
            }
            runUntilQuiescent()
        }
    }

    /// The tick of the earliest timer, if any.
    public var nextTimerTick: Int? { timers.first?.tick }

    /// Wakes every sleeper with `CancellationError`, drops the remaining timers, and runs what
    /// that readies: a run's teardown, so tasks parked on the clock do not outlive it.
    public func tearDown(jobBudget extra: Int = 10_000) {
        timers.removeAll()
        for id in sleeps.keys.sorted() {
            guard let token = sleeps[id], let continuation = token.continuation else { continue }
            token.continuation = nil
            continuation.resume(throwing: CancellationError())
        }
        sleeps.removeAll()
        var left = extra
        while readyHead < ready.count && left > 0 {
            let job = ready[readyHead]
            readyHead += 1
            left -= 1
            rxcheck_run_job(job)
        }
    }
}

/// A sleep of code under test on the virtual clock.
final class SleepToken: @unchecked Sendable {
    let id: Int
    let deadline: Int
    let isHarness: Bool
    var continuation: CheckedContinuation<Void, Error>?
    var isCancelled = false

    init(id: Int, deadline: Int, isHarness: Bool) {
        self.id = id
        self.deadline = deadline
        self.isHarness = isHarness
    }
}

/// A per-thread slot holding the active executor.
enum ThreadKey {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var value: UnsafeMutableRawPointer? {
        get { pthread_getspecific(key) }
        set { pthread_setspecific(key, newValue) }
    }
}
