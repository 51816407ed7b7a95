/// A UI-bound sequence: never fails, delivers on one scheduler, and replays its latest
/// element to a new subscriber (while anyone is subscribed; see `share(replay:)`).
public struct Driver<Element>: ObservableConvertibleType {
    private let source: Observable<Element>

    init(unchecked source: Observable<Element>) { self.source = source }

    /// A driver of one element.
    public static func just(_ element: Element) -> Driver<Element> { Driver(unchecked: .just(element)) }

    /// The driver as an observable.
    public func asObservable() -> Observable<Element> { source }

    /// Subscribes `onNext` (a driver never fails).
    public func drive(onNext: @escaping (Element) -> Void) -> Disposable { source.subscribe(onNext: onNext) }

    /// Sends every element into `relay`.
    public func drive(_ relay: BehaviorRelay<Element>) -> Disposable { source.subscribe(onNext: relay.accept) }

    /// Sends every element into `relay`.
    public func drive(_ relay: PublishRelay<Element>) -> Disposable { source.subscribe(onNext: relay.accept) }
}

/// Like `Driver`, but a new subscriber gets no replay: events, not state.
public struct Signal<Element>: ObservableConvertibleType {
    private let source: Observable<Element>

    init(unchecked source: Observable<Element>) { self.source = source }

    /// The signal as an observable.
    public func asObservable() -> Observable<Element> { source }

    /// Subscribes `onNext` (a signal never fails).
    public func emit(onNext: @escaping (Element) -> Void) -> Disposable { source.subscribe(onNext: onNext) }

    /// Sends every element into `relay`.
    public func emit(to relay: PublishRelay<Element>) -> Disposable { source.subscribe(onNext: relay.accept) }
}

extension ObservableType {
    /// This sequence as a `Driver`: an error becomes `onErrorJustReturn` and completion;
    /// events are delivered through `scheduler` (the default current-thread scheduler delivers
    /// at once, so virtual-time ticks are unchanged); the latest element is replayed.
    public func asDriver(onErrorJustReturn: Element,
                         scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Driver<Element> {
        Driver(unchecked: catchAndReturn(onErrorJustReturn).observe(on: scheduler).share(replay: 1, scope: .whileConnected))
    }

    /// This sequence as a `Signal`: like `asDriver`, without replay.
    public func asSignal(onErrorJustReturn: Element,
                         scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Signal<Element> {
        Signal(unchecked: catchAndReturn(onErrorJustReturn).observe(on: scheduler).share(replay: 0, scope: .whileConnected))
    }
}

/// A `PublishSubject` that can only be sent elements: it never fails or completes.
public final class PublishRelay<Element>: ObservableType {
    private let subject = PublishSubject<Element>()

    /// A relay with no subscriber yet.
    public init() {}

    /// Sends `element` to the current subscribers.
    public func accept(_ element: Element) { subject.onNext(element) }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    public func asObservable() -> Observable<Element> { subject }
}

/// A `BehaviorSubject` that can only be sent elements: it holds `value`, replays it to each
/// new subscriber, and never fails or completes.
public final class BehaviorRelay<Element>: ObservableType {
    private let subject: BehaviorSubject<Element>

    /// Starts with `value`.
    public init(value: Element) { subject = BehaviorSubject(value: value) }

    /// The current value.
    public var value: Element { (try? subject.value())! }

    /// Replaces the value and sends it to the current subscribers.
    public func accept(_ element: Element) { subject.onNext(element) }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    public func asObservable() -> Observable<Element> { subject }
}
