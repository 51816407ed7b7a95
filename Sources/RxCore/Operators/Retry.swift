extension ObservableType {
    /// Resubscribes the source, at the same tick, every time it fails. A cold source restarts;
    /// a hot one continues.
    public func retry() -> Observable<Element> { retry(nil) }

    /// At most `maxAttemptCount` subscriptions in total: the last attempt's error is forwarded.
    /// `retry(1)` does not retry; `retry(0)` completes at once without subscribing.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        precondition(maxAttemptCount >= 0, "retry(_:) needs a count of 0 or more")
        return retry(Optional(maxAttemptCount))
    }

    private func retry(_ limit: Int?) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = RetrySink(source: source, limit: limit, observer: observer)
            sink.start()
            return sink
        }
    }

    /// Resubscribes when `notificationHandler`'s sequence — fed every error — emits; its
    /// completion completes the output and its error fails it. The handler's sequence is
    /// subscribed before the source.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            let errors = PublishSubject<Swift.Error>()
            let current = SerialDisposable()
            var subscribeSource: () -> Void = {}
            let trigger = notificationHandler(errors.asObservable()).subscribe { event in
                switch event {
                case .next: subscribeSource()
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
            subscribeSource = {
                current.disposable = Disposables.create()
                current.disposable = source.subscribe { event in
                    switch event {
                    case .error(let error): errors.onNext(error)
                    default: observer.on(event)
                    }
                }
            }
            subscribeSource()
            return Disposables.create(trigger, current)
        }
    }
}

private final class RetrySink<Element>: Sink<Element> {
    private let source: Observable<Element>
    private let limit: Int?
    private var attempts = 0
    private let current = SerialDisposable()
    private var subscribing = false
    private var failedWhileSubscribing = false

    init(source: Observable<Element>, limit: Int?, observer: AnyObserver<Element>) {
        self.source = source
        self.limit = limit
        super.init(observer: observer)
    }

    /// Subscribes in a loop rather than recursively, so sources failing during subscribe do
    /// not grow the stack.
    func start() {
        if limit == 0 { return forwardCompleted() }
        repeat {
            failedWhileSubscribing = false
            attempts += 1
            let attempt = SingleAssignmentDisposable()
            current.disposable = Disposables.create()
            current.disposable = attempt
            subscribing = true
            attempt.setDisposable(source.subscribe(AnyObserver { [self] event in on(event, attempt: attempt) }))
            subscribing = false
        } while failedWhileSubscribing && !isDisposed
    }

    private func on(_ event: Event<Element>, attempt: SingleAssignmentDisposable) {
        guard case .error = event, limit.map({ attempts < $0 }) ?? true else { return forward(event) }
        attempt.dispose()
        if subscribing { failedWhileSubscribing = true } else { start() }
    }

    override func disposeUpstream() { current.dispose() }
}
