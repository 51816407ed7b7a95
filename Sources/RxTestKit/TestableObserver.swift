import RxCore

/// Records every event it receives with the scheduler's tick.
public final class TestableObserver<Element>: ObserverType {
    private unowned let scheduler: VirtualTimeScheduler

    /// Everything received, in order. (Its exclusivity is not checked at run time: an append
    /// never overlaps another access.)
    @exclusivity(unchecked) public private(set) var events: [Recorded<Event<Element>>] = []

    init(scheduler: VirtualTimeScheduler) {
        self.scheduler = scheduler
    }

    @_specialize(where Element == Int)
    public func on(_ event: Event<Element>) {
        events.append(Recorded(time: scheduler.clock, value: event))
    }
}
