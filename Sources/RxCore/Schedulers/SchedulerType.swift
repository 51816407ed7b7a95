import Dispatch
import Foundation

/// A span of time, as in RxSwift. Virtual-time schedulers convert it to ticks.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time, as in RxSwift.
public typealias RxTime = Date

/// A scheduler that can run work "now" (possibly later in the same turn).
public protocol ImmediateSchedulerType {
    /// Runs `action` with `state` as soon as the scheduler allows; disposing cancels it if it
    /// has not run yet.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// A scheduler with a clock: work can be delayed.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Runs `action` after `dueTime`. On the virtual scheduler a due time of zero or less
    /// still means the next tick.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Runs `action` after `startAfter` and then every `period`; each run returns the next state.
    /// Each firing schedules the following one before it runs the action.
    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension SchedulerType {
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let timer = PeriodicTimer(scheduler: self, period: period, state: state, action: action)
        timer.start(after: startAfter)
        return timer
    }
}

private final class PeriodicTimer<Scheduler: SchedulerType, State>: Disposable {
    private let scheduler: Scheduler
    private let period: RxTimeInterval
    private var state: State
    private let action: (State) -> State
    private let pending = SerialDisposable()
    private var isDisposed = false

    init(scheduler: Scheduler, period: RxTimeInterval, state: State, action: @escaping (State) -> State) {
        self.scheduler = scheduler
        self.period = period
        self.state = state
        self.action = action
    }

    func start(after delay: RxTimeInterval) {
        pending.disposable = scheduler.scheduleRelative((), dueTime: delay) { [self] _ in
            fire()
            return Disposables.create()
        }
    }

    private func fire() {
        guard !isDisposed else { return }
        start(after: period)
        state = action(state)
    }

    func dispose() {
        isDisposed = true
        pending.dispose()
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinity.
    public var seconds: Double {
        switch self {
        case .seconds(let value): return Double(value)
        case .milliseconds(let value): return Double(value) / 1_000
        case .microseconds(let value): return Double(value) / 1_000_000
        case .nanoseconds(let value): return Double(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}
