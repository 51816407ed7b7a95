import Foundation

/// Runs work on the calling thread through a trampoline: the outermost `schedule` runs its
/// action at once, and actions scheduled while it runs are queued and run, in order, after it
/// returns. `from(_:)` uses it by default, one element per trampoline step.
public final class CurrentThreadScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The scheduler (stateless; the trampoline is per thread).
    public static let instance = CurrentThreadScheduler()

    private static let key = "RxCore.CurrentThreadScheduler.trampoline"

    private final class Trampoline {
        var queue: [ScheduledItem] = []
        var head = 0
    }

    private final class ScheduledItem: Disposable {
        var run: (() -> Disposable)?
        let result = SingleAssignmentDisposable()
        init(_ run: @escaping () -> Disposable) { self.run = run }
        func dispose() {
            run = nil
            result.dispose()
        }
        func invoke() {
            guard let run else { return }
            self.run = nil
            result.setDisposable(run())
        }
    }

    private var trampoline: Trampoline? {
        get { Thread.current.threadDictionary[Self.key] as? Trampoline }
        set { Thread.current.threadDictionary[Self.key] = newValue }
    }

    /// True when no trampoline is running on this thread, so `schedule` would run at once.
    public static var isScheduleRequired: Bool { instance.trampoline == nil }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if let trampoline {
            let item = ScheduledItem { action(state) }
            trampoline.queue.append(item)
            return item
        }
        let trampoline = Trampoline()
        self.trampoline = trampoline
        defer { self.trampoline = nil }
        let first = action(state)
        while trampoline.head < trampoline.queue.count {
            let item = trampoline.queue[trampoline.head]
            trampoline.head += 1
            item.invoke()
        }
        return first
    }
}
