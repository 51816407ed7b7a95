import RxCore

/// Records every event it receives with the scheduler's tick.
public final class TestableObserver<Element>: ObserverType {
    private unowned let scheduler: VirtualTimeScheduler

    /// Everything received, in order.
    public private(set) var events: [Recorded<Event<Element>>] = []

    init(scheduler: VirtualTimeScheduler) {
        self.scheduler = scheduler
    }

    @_specialize(where Element == Int)
    public func on(_ event: Event<Element>) {
        events.append(Recorded(time: scheduler.clock, value: event))
    }
}
