/// Anything that can be seen as an `Observable`: observables, the traits (`Single`, `Maybe`,
/// `Completable`, `Infallible`), `Driver`, `Signal` and the relays. Operators take their other
/// sequences as this, so a trait can be passed where RxSwift accepts one.
public protocol ObservableConvertibleType<Element> {
    associatedtype Element
    /// This sequence as an `Observable`.
    func asObservable() -> Observable<Element>
}

/// A sequence that can be subscribed to.
public protocol ObservableType<Element>: ObservableConvertibleType {
    /// Subscribes `observer`; the result ends the subscription when disposed.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
        where Observer.Element == Element
}

/// The base of every sequence. Each `subscribe` is an independent run: per-subscription state
/// starts fresh and cold sources restart.
open class Observable<Element>: ObservableType {
    /// For subclasses.
    public init() {}

    /// Subscribes `observer`. Subclasses override `run(_:)`; this method only adapts.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
        where Observer.Element == Element {
        run(AnyObserver(observer))
    }

    /// The subscription logic of a sequence. Override point for subclasses.
    open func run(_ observer: AnyObserver<Element>) -> Disposable {
        fatalError("Observable.run must be overridden by \(type(of: self))")
    }

    public func asObservable() -> Observable<Element> { self }
}

/// An observable whose subscription logic is a closure. Unlike `create`, no safety wrapper:
/// operators built on it enforce the event grammar in their sinks.
final class Producer<Element>: Observable<Element> {
    private let subscribeHandler: (AnyObserver<Element>) -> Disposable

    init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    /// Inside the current-thread trampoline, as every RxSwift producer subscribes.
    override func run(_ observer: AnyObserver<Element>) -> Disposable {
        CurrentThreadScheduler.subscribing { subscribeHandler(observer) }
    }
}

extension ObservableType {
    /// Subscribes closures. A terminal handler runs once; `onDisposed` runs when the
    /// subscription ends for any reason (terminal or dispose).
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let subscription = SingleAssignmentDisposable()
        let disposed = onDisposed.map { AnonymousDisposable($0) }
        let observer = AnonymousObserver<Element> { event in
            switch event {
            case .next(let value): onNext?(value)
            case .error(let error): onError?(error); subscription.dispose(); disposed?.dispose()
            case .completed: onCompleted?(); subscription.dispose(); disposed?.dispose()
            }
        }
        subscription.setDisposable(subscribe(observer))
        return Disposables.create {
            subscription.dispose()
            disposed?.dispose()
        }
    }

    /// Subscribes one closure for all events.
    // Inlinable: compiled in the caller for its element type, the observer's class metadata is
    // a constant there instead of a run-time look-up at every subscribe.
    @inlinable
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        subscribe(AnonymousObserver(on))
    }
}
