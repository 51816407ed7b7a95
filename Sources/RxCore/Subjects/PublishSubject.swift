/// Forwards each event to the observers subscribed at that moment.
///
/// Completes: when sent `completed`; a later subscriber immediately gets that terminal only.
/// Errors: when sent `error`, likewise replayed to later subscribers.
public final class PublishSubject<Element>: Observable<Element>, ObserverType {
    private var observers = SubjectObservers<Element>()
    private var stopEvent: Event<Element>?

    /// A subject with no subscriber yet.
    public override init() {}

    /// True when at least one observer is subscribed.
    public var hasObservers: Bool { !observers.isEmpty }

    public func on(_ event: Event<Element>) {
        guard stopEvent == nil else { return }
        let snapshot: [SubjectObservers<Element>.Registration]
        if event.isStopEvent {
            stopEvent = event
            snapshot = observers.removeAll()
        } else {
            snapshot = observers.registrations
        }
        SubjectObservers.deliver(event, to: snapshot)
    }

    public override func run(_ observer: AnyObserver<Element>) -> Disposable {
        if let stopEvent {
            observer.on(stopEvent)
            return Disposables.create()
        }
        let registration = observers.insert(observer)
        return Disposables.create { [weak self] in self?.observers.remove(registration) }
    }
}
