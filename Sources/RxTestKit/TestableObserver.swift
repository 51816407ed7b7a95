import RxCore

/// Records every event it receives with the scheduler's tick.
public final class TestableObserver<Element>: ObserverType {
    /// The scheduler's clock, not the scheduler: see `VirtualTimeScheduler.sharedClock`.
    private let clock: SharedClock

    /// Everything received, in order. (Its exclusivity is not checked at run time: an append
    /// never overlaps another access.)
    @exclusivity(unchecked) public private(set) var events: [Recorded<Event<Element>>] = []

    /// Appends one event to the log; compiled for `Int` when that is the element (see
    /// `specialisedForInt`).
    private let record: (inout [Recorded<Event<Element>>], TestTime, Event<Element>) -> Void

    init(scheduler: VirtualTimeScheduler) {
        self.clock = scheduler.sharedClock
        let forInt: (inout [Recorded<Event<Int>>], TestTime, Event<Int>) -> Void = { $0.append(Recorded(time: $1, value: $2)) }
        record = specialisedForInt(forInt, otherwise: { $0.append(Recorded(time: $1, value: $2)) })
    }

    public func on(_ event: Event<Element>) {
        record(&events, clock.now, event)
    }
}

/// `forInt` when it has the type of `generic` — that is, when the element is `Int` — else
/// `generic`. An observer is mostly reached through a type-erased `AnyObserver`, so its `on`
/// runs as generic code, which asks the runtime for types like `Recorded<Event<Element>>` at
/// every event; a closure written for `Int` is compiled for `Int` and asks for nothing.
func specialisedForInt<Function>(_ forInt: Any, otherwise generic: Function) -> Function {
    (forInt as? Function) ?? generic
}
