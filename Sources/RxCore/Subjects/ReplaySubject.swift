/// Replays the last `bufferSize` elements (oldest first, synchronously) to each new subscriber,
/// then live events.
///
/// Completes / Errors: when sent a terminal; later subscribers get the buffer, then that terminal.
public final class ReplaySubject<Element>: Observable<Element>, ObserverType {
    private var observers = SubjectObservers<Element>()
    private var buffer: [Element] = []
    private let bufferSize: Int?
    private var stopEvent: Event<Element>?

    private init(bufferSize: Int?) {
        self.bufferSize = bufferSize
    }

    /// Keeps the last `bufferSize` elements; 0 keeps none but still replays a terminal.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        precondition(bufferSize >= 0, "ReplaySubject: bufferSize must not be negative")
        return ReplaySubject(bufferSize: bufferSize)
    }

    /// Keeps every element.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: nil)
    }

    /// True when at least one observer is subscribed.
    public var hasObservers: Bool { !observers.isEmpty }

    public func on(_ event: Event<Element>) {
        guard stopEvent == nil else { return }
        let snapshot: [SubjectObservers<Element>.Registration]
        switch event {
        case .next(let value):
            buffer.append(value)
            if let bufferSize, buffer.count > bufferSize {
                buffer.removeFirst(buffer.count - bufferSize)
            }
            snapshot = observers.registrations
        case .error, .completed:
            stopEvent = event
            snapshot = observers.removeAll()
        }
        SubjectObservers.deliver(event, to: snapshot)
    }

    public override func run(_ observer: AnyObserver<Element>) -> Disposable {
        for value in buffer { observer.on(.next(value)) }
        if let stopEvent {
            observer.on(stopEvent)
            return Disposables.create()
        }
        let registration = observers.insert(observer)
        return Disposables.create { [weak self] in self?.observers.remove(registration) }
    }
}
