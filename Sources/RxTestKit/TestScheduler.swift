import RxCore

/// RxTest's `TestScheduler`: virtual time plus factories for test sources and observers.
/// Ported RxTest tests run unchanged: `start` creates at 100, subscribes at 200 and disposes
/// at 1000 by default.
public final class TestScheduler: VirtualTimeScheduler {
    /// RxTest's default ticks for `start`.
    public enum Defaults {
        /// The factory runs at this tick.
        public static let created = 100
        /// The result is subscribed at this tick.
        public static let subscribed = 200
        /// The subscription is disposed at this tick.
        public static let disposed = 1000
    }

    /// A source whose events fire at absolute ticks, shared by all subscribers. Its events are
    /// queued now, in list order, so at equal ticks they run before anything queued later.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        let observable = HotObservable(scheduler: self, events: events)
        for index in events.indices { observable.scheduleEvent(index, on: self) }
        return observable
    }

    /// `createHotObservable` with the events as arguments.
    public func createHotObservable<Element>(_ events: Recorded<Event<Element>>...) -> TestableObservable<Element> {
        createHotObservable(events)
    }

    /// Several hot sources whose events are queued in `order`, a list of (source, event index)
    /// pairs naming every event exactly once. At equal ticks the earlier pair fires first, so
    /// this chooses how same-tick events of different sources interleave.
    public func createHotObservables<Element>(
        _ timelines: [[Recorded<Event<Element>>]], order: [(source: Int, index: Int)]
    ) -> [TestableObservable<Element>] {
        let observables = timelines.map { HotObservable(scheduler: self, events: $0) }
        precondition(order.count == timelines.reduce(0) { $0 + $1.count },
                     "createHotObservables: order must name every event exactly once")
        // Each source reached unmanaged: the array holds them, and retaining one per event
        // queued cost as much as queueing it.
        for (source, index) in order {
            Unmanaged.passUnretained(observables[source])._withUnsafeGuaranteedRef { $0.scheduleEvent(index, on: self) }
        }
        return observables
    }

    /// A source that replays its events relative to each subscription's tick.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(scheduler: self, events: events)
    }

    /// `createColdObservable` with the events as arguments.
    public func createColdObservable<Element>(_ events: Recorded<Event<Element>>...) -> TestableObservable<Element> {
        createColdObservable(events)
    }

    /// An observer that records every event with the tick it arrived at.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Calls `create` at `created`, subscribes its result at `subscribed`, disposes at
    /// `disposed`, runs the scheduler, and returns the recording observer. `create` may return
    /// any sequence: an observable, a trait (`Single` records `next` and `completed` at one
    /// tick), a `Driver`.
    public func start<Source: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> Source
    ) -> TestableObserver<Source.Element> {
        var source: Observable<Source.Element>?
        var subscription: Disposable?
        let observer = createObserver(Source.Element.self)
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
        scheduleAt(disposed) { subscription?.dispose() }
        start()
        return observer
    }

    /// `start` with the default create and subscribe ticks.
    public func start<Source: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> Source
    ) -> TestableObserver<Source.Element> {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// `start` with the defaults 100 / 200 / 1000; the factory is positional, as in RxTest
    /// (`scheduler.start(makeSUT)` or a trailing closure).
    public func start<Source: ObservableConvertibleType>(_ create: @escaping () -> Source) -> TestableObserver<Source.Element> {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}
