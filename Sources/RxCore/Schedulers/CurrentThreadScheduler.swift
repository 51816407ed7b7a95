import Foundation

/// Runs work on the calling thread through a trampoline: the outermost `schedule` runs its
/// action at once, and actions scheduled while it runs are queued and run, in order, after it
/// returns.
///
/// As in RxSwift, every operator's `subscribe` runs inside the trampoline too: the outermost
/// subscribe call on a thread opens it, and what is scheduled meanwhile — `from`'s elements,
/// the next queued inner of `concat()`, `concatMap` and `merge(maxConcurrent:)` — runs once that
/// call's own work is done, before it returns. So two synchronous `from` sources merged
/// interleave (1, 3, 2, 4), and an endless `from` under `take` stops.
public final class CurrentThreadScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The scheduler (stateless; the trampoline is per thread).
    public static let instance = CurrentThreadScheduler()

    /// The thread's trampoline, kept from one use to the next.
    private static let slot = ThreadSlot<Trampoline>()

    private final class Trampoline {
        var isRunning = false
        var queue: [ScheduledItem] = []
        var head = 0

        /// Runs `body` as the trampoline's first action when it is idle, then everything queued
        /// meanwhile, in order; inside a running trampoline, just runs `body`.
        @inline(__always)
        func run(_ body: () -> Disposable) -> Disposable {
            guard !isRunning else { return body() }
            isRunning = true
            let first = body()
            while head < queue.count {
                let item = queue[head]
                head += 1
                item.invoke()
            }
            if head > 0 {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            isRunning = false
            return first
        }
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

    private static var trampoline: Trampoline {
        if let trampoline = slot.current { return trampoline }
        let trampoline = Trampoline()
        slot.put(trampoline)
        return trampoline
    }

    /// True when no trampoline is running on this thread, so `schedule` would run at once.
    public static var isScheduleRequired: Bool { !(slot.current?.isRunning ?? false) }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let trampoline = Self.trampoline
        if trampoline.isRunning {
            let item = ScheduledItem { action(state) }
            trampoline.queue.append(item)
            return item
        }
        return trampoline.run { action(state) }
    }

    /// Runs an operator's subscribe work inside the trampoline (RxSwift's `Producer.subscribe`).
    @inline(__always)
    static func subscribing(_ body: () -> Disposable) -> Disposable {
        trampoline.run(body)
    }
}
