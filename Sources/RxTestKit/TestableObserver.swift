import RxCore

/// Records every event it receives with the scheduler's tick.
public final class TestableObserver<Element>: ObserverType {
    private unowned let scheduler: VirtualTimeScheduler

    /// Everything received, in order. (Its exclusivity is not checked at run time: an append
    /// never overlaps another access.)
    @exclusivity(unchecked) public private(set) var events: [Recorded<Event<Element>>] = []

    /// Appends one event to the log. For `Int` elements it is a closure compiled for `Int`:
    /// `on` is mostly reached through a type-erased observer, where generic code would ask the
    /// runtime for `Recorded<Event<Element>>`'s metadata on every event.
    private let record: (inout [Recorded<Event<Element>>], TestTime, Event<Element>) -> Void

    init(scheduler: VirtualTimeScheduler) {
        self.scheduler = scheduler
        let forInt: (inout [Recorded<Event<Int>>], TestTime, Event<Int>) -> Void = { $0.append(Recorded(time: $1, value: $2)) }
        if let specialised = forInt as? (inout [Recorded<Event<Element>>], TestTime, Event<Element>) -> Void {
            record = specialised
        } else {
            record = { $0.append(Recorded(time: $1, value: $2)) }
        }
    }

    public func on(_ event: Event<Element>) {
        record(&events, scheduler.clock, event)
    }
}
