import OpenCombine
import RxCore
import RxTestKit

/// An `OpenCombine.Scheduler` on a `TestScheduler`'s virtual clock: one tick is one second, so
/// `.seconds(3)` is three ticks. Actions run in tick order and, within a tick, in the order they
/// were scheduled. `schedule(_:)` runs its action later in the current tick (after what is
/// already queued for it), never inside the call; a due time in the past means now.
public struct CombineTestScheduler: OpenCombine.Scheduler {
    /// A tick on the virtual clock.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable, CustomStringConvertible {
        /// The tick.
        public var tick: Int

        public init(_ tick: Int) { self.tick = tick }

        public func distance(to other: SchedulerTimeType) -> Stride { Stride(other.tick - tick) }
        public func advanced(by n: Stride) -> SchedulerTimeType { SchedulerTimeType(tick + n.ticks) }
        public var description: String { "tick \(tick)" }

        /// A number of ticks. Sub-second units round to the nearest whole tick.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
                              Hashable, Sendable, CustomStringConvertible {
            /// Whole ticks.
            public var ticks: Int

            public init(_ ticks: Int) { self.ticks = ticks }
            public init(integerLiteral value: Int) { ticks = value }
            public init(floatLiteral value: Double) { ticks = Int(value.rounded()) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                ticks = value
            }

            public var magnitude: Int { abs(ticks) }
            public var description: String { "\(ticks) ticks" }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.ticks < rhs.ticks }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.ticks + rhs.ticks) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.ticks - rhs.ticks) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.ticks * rhs.ticks) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs.ticks += rhs.ticks }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs.ticks -= rhs.ticks }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs.ticks *= rhs.ticks }

            public static func seconds(_ s: Int) -> Stride { Stride(s) }
            public static func seconds(_ s: Double) -> Stride { Stride(Int(s.rounded())) }
            public static func milliseconds(_ ms: Int) -> Stride { seconds(Double(ms) / 1_000) }
            public static func microseconds(_ us: Int) -> Stride { seconds(Double(us) / 1_000_000) }
            public static func nanoseconds(_ ns: Int) -> Stride { seconds(Double(ns) / 1_000_000_000) }
        }
    }

    /// No options.
    public typealias SchedulerOptions = Never

    /// The virtual clock it runs on.
    public let scheduler: TestScheduler
    /// Whether the output under test has ended (set by the recording subscriber).
    let output = OutputState()

    public init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

    public var now: SchedulerTimeType { SchedulerTimeType(scheduler.clock) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        scheduler.enqueue(TimerAction(action), at: scheduler.clock)
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
                         _ action: @escaping () -> Void) {
        scheduler.enqueue(TimerAction(action), at: max(date.tick, scheduler.clock))
    }

    /// Runs `action` at `date` and then every `interval` (at least one tick) until cancelled.
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                         tolerance: SchedulerTimeType.Stride, options: Never?,
                         _ action: @escaping () -> Void) -> Cancellable {
        let timer = RepeatingAction(scheduler, period: max(interval.ticks, 1), output: output, action)
        scheduler.enqueue(timer, at: max(date.tick, scheduler.clock))
        return timer
    }
}

/// A one-off action of code under test. Combine's one-off `schedule` cannot be cancelled, so an
/// operator cannot help such an action running after its output ended; it is not counted as a
/// timer left behind (what it then delivers still is, as an event after the end).
private final class TimerAction: VirtualAction {
    private var action: (() -> Void)?
    init(_ action: @escaping () -> Void) { self.action = action }
    override func fire(_ payload: Int) {
        let action = self.action
        self.action = nil
        action?()
    }
}

/// Whether the output of the run has ended: its completion, or the subscriber's cancel.
final class OutputState {
    var ended = false
}

/// A repeating action; cancelling it drops every later run. One that still runs after the
/// output ended is a timer left behind: it runs that once (the harness records it, and
/// `cleansUp` fails) and is then dropped, so that it cannot keep the run going for ever and
/// hide from the other properties what the output did.
private final class RepeatingAction: VirtualAction, Cancellable {
    private unowned let scheduler: TestScheduler
    private let period: Int
    private let output: OutputState
    private var action: (() -> Void)?

    init(_ scheduler: TestScheduler, period: Int, output: OutputState, _ action: @escaping () -> Void) {
        self.scheduler = scheduler
        self.period = period
        self.output = output
        self.action = action
    }

    override var isRelative: Bool { true }
    override var isCancelled: Bool { action == nil }

    override func fire(_ payload: Int) {
        guard let action else { return }
        let leftBehind = output.ended
        action()
        if leftBehind { self.action = nil }
        if self.action != nil { scheduler.enqueue(self, at: scheduler.clock + period) }
    }

    func cancel() { action = nil }
}
