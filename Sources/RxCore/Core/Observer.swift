/// Receives the events of a sequence.
public protocol ObserverType {
    associatedtype Element
    /// Delivers one event. Callers never deliver after a terminal event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Delivers `next(element)`.
    public func onNext(_ element: Element) { on(.next(element)) }
    /// Delivers `completed`.
    public func onCompleted() { on(.completed) }
    /// Delivers `error(error)`.
    public func onError(_ error: Swift.Error) { on(.error(error)) }

    /// Type-erases this observer.
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }
}

/// A type-erased observer: a closure over events.
public struct AnyObserver<Element>: ObserverType {
    /// The closure every event goes to.
    public let observer: (Event<Element>) -> Void

    /// Wraps an event handler.
    public init(eventHandler: @escaping (Event<Element>) -> Void) {
        self.observer = eventHandler
    }

    /// Wraps another observer; wrapping an `AnyObserver` reuses its closure.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        // A type comparison, not `as?`: a dynamic cast to a generic struct costs thousands of
        // instructions, paid at every subscribe.
        if Observer.self == AnyObserver<Element>.self {
            self.observer = unsafeBitCast(observer, to: AnyObserver<Element>.self).observer
        } else {
            self.observer = observer.on
        }
    }

    public func on(_ event: Event<Element>) { observer(event) }

    public func asObserver() -> AnyObserver<Element> { self }
}

/// An observer built from three optional closures; used by `subscribe(onNext:…)`.
final class AnonymousObserver<Element>: ObserverType {
    private var handler: ((Event<Element>) -> Void)?

    init(_ handler: @escaping (Event<Element>) -> Void) { self.handler = handler }

    func on(_ event: Event<Element>) {
        guard let handler else { return }
        if event.isStopEvent { self.handler = nil }
        handler(event)
    }
}
