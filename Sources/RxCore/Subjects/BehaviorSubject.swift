/// Holds a current value: a subscriber first gets it synchronously, then live events.
///
/// Completes / Errors: when sent a terminal; later subscribers get only that terminal, no value.
public final class BehaviorSubject<Element>: Observable<Element>, ObserverType {
    private var observers = SubjectObservers<Element>()
    private var current: Element
    private var stopEvent: Event<Element>?

    /// Starts with `value` as the current value.
    public init(value: Element) { self.current = value }

    /// The current value; throws the subject's error once it has failed.
    public func value() throws -> Element {
        if case .error(let error)? = stopEvent { throw error }
        return current
    }

    /// True when at least one observer is subscribed.
    public var hasObservers: Bool { !observers.isEmpty }

    public func on(_ event: Event<Element>) {
        guard stopEvent == nil else { return }
        let snapshot: [SubjectObservers<Element>.Registration]
        switch event {
        case .next(let value):
            current = value
            snapshot = observers.registrations
        case .error, .completed:
            stopEvent = event
            snapshot = observers.removeAll()
        }
        SubjectObservers.deliver(event, to: snapshot)
    }

    public override func run(_ observer: AnyObserver<Element>) -> Disposable {
        if let stopEvent {
            observer.on(stopEvent)
            return Disposables.create()
        }
        let registration = observers.insert(observer)
        observer.on(.next(current))
        return Disposables.create { [weak self] in self?.observers.remove(registration) }
    }
}
