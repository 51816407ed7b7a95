// The virtual clock: a `Clock` whose time is the seeded executor's tick, so `debounce`,
// `throttle`, timers and `chunks(ofCount:or:)` run in virtual ticks, deterministically.

/// A clock on RxCheck's virtual timeline: one tick is one second of `Duration`. `sleep(until:)`
/// parks the task on the run's executor until that tick; time moves only when no job is ready.
/// A deadline that is not a whole tick rounds up to the next one; one at or before now returns
/// at once (after a cancellation check), as `ContinuousClock` does for a past deadline.
public struct VirtualClock: Clock, @unchecked Sendable {
    /// A tick on the virtual timeline.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The tick.
        public var tick: Int

        /// The instant at `tick`.
        public init(tick: Int) { self.tick = tick }

        public func advanced(by duration: Duration) -> Instant {
            Instant(tick: tick + VirtualClock.ticks(duration))
        }

        public func duration(to other: Instant) -> Duration { .seconds(other.tick - tick) }

        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.tick < rhs.tick }

        public var description: String { "t\(tick)" }
    }

    let executor: SeededExecutor

    /// The clock of `executor`'s run.
    public init(_ executor: SeededExecutor) { self.executor = executor }

    public var now: Instant { Instant(tick: executor.now) }

    public var minimumResolution: Duration { .seconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        guard deadline.tick > executor.now else {
            try Task.checkCancellation()
            return
        }
        try await executor.sleep(until: deadline.tick)
    }

    /// Whole ticks in `duration`, rounded up.
    static func ticks(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
