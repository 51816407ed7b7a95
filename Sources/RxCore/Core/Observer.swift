/// Receives the events of a sequence.
public protocol ObserverType {
    associatedtype Element
    /// Delivers one event. Callers never deliver after a terminal event.
    func on(_ event: Event<Element>)
    /// Type-erases this observer. A requirement (with a default) so that erasing an observer
    /// that is already an `AnyObserver` reuses its closure without a type check at run time.
    func asObserver() -> AnyObserver<Element>
}

extension ObserverType {
    /// Delivers `next(element)`.
    public func onNext(_ element: Element) { on(.next(element)) }
    /// Delivers `completed`.
    public func onCompleted() { on(.completed) }
    /// Delivers `error(error)`.
    public func onError(_ error: Swift.Error) { on(.error(error)) }

    /// Type-erases this observer: a closure over its `on`.
    public func asObserver() -> AnyObserver<Element> { AnyObserver(eventHandler: on) }
}

/// A type-erased observer: a closure over events.
public struct AnyObserver<Element>: ObserverType {
    /// The closure every event goes to.
    public let observer: (Event<Element>) -> Void

    /// Wraps an event handler.
    public init(eventHandler: @escaping (Event<Element>) -> Void) {
        self.observer = eventHandler
    }

    /// Wraps another observer; wrapping an `AnyObserver` reuses its closure. Through the
    /// observer's own `asObserver()`: neither a dynamic cast nor a type comparison, which looks
    /// up `AnyObserver<Element>`'s metadata at every subscribe.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self = observer.asObserver()
    }

    public func on(_ event: Event<Element>) { observer(event) }

    public func asObserver() -> AnyObserver<Element> { self }
}

/// An observer built from three optional closures; used by `subscribe(onNext:…)`.
@usableFromInline
final class AnonymousObserver<Element>: ObserverType {
    private var handler: ((Event<Element>) -> Void)?

    @usableFromInline
    init(_ handler: @escaping (Event<Element>) -> Void) { self.handler = handler }

    // Specialised as `Sink.forwardNext` is: reached through a protocol witness, it runs generic.
    @_specialize(where Element == Int)
    @_specialize(where Element == Observable<Int>)
    @usableFromInline
    func on(_ event: Event<Element>) {
        guard let handler else { return }
        if event.isStopEvent { self.handler = nil }
        handler(event)
    }
}
