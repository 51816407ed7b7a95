import Dispatch
import Foundation

/// A real-time scheduler that runs every action on one serial Dispatch queue, so the actions
/// of everything scheduled on it never overlap. This is the one place RxCore meets threads:
/// observe on it from one queue only.
public final class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    /// The serial queue every action runs on.
    public let queue: DispatchQueue

    /// Runs actions on `queue`, which must be serial.
    public init(serialQueue queue: DispatchQueue) {
        self.queue = queue
    }

    /// Creates its own serial queue.
    public convenience init(internalSerialQueueName name: String, qos: DispatchQoS = .default) {
        self.init(serialQueue: DispatchQueue(label: name, qos: qos))
    }

    public var now: RxTime { Date() }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let work = CancelableWork { action(state) }
        let box = UncheckedSendableBox(work)
        let run: @Sendable () -> Void = { box.value.run() }
        if dueTime.seconds <= 0 {
            queue.async(execute: run)
        } else {
            queue.asyncAfter(deadline: .now() + dueTime, execute: run)
        }
        return work
    }
}

/// Work that runs at most once and not at all after `dispose()`. Disposal from another thread
/// than the queue is serialized by a lock.
final class CancelableWork: Disposable, @unchecked Sendable {
    private let lock = NSLock()
    private var action: (() -> Disposable)?
    private var result: Disposable?
    private var isDisposed = false

    init(_ action: @escaping () -> Disposable) { self.action = action }

    func run() {
        lock.lock()
        let action = self.action
        self.action = nil
        lock.unlock()
        guard let action else { return }
        let result = action()
        lock.lock()
        if isDisposed {
            lock.unlock()
            result.dispose()
        } else {
            self.result = result
            lock.unlock()
        }
    }

    func dispose() {
        lock.lock()
        isDisposed = true
        action = nil
        let result = self.result
        self.result = nil
        lock.unlock()
        result?.dispose()
    }
}

/// Carries a value across a concurrency boundary that the caller serializes by other means.
public struct UncheckedSendableBox<Value>: @unchecked Sendable {
    /// The carried value.
    public let value: Value
    /// Wraps `value`.
    public init(_ value: Value) { self.value = value }
}
