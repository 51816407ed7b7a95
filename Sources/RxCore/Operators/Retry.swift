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
    ///
    /// As in RxSwift, the output listens to the handler's sequence only from an error until the
    /// next attempt starts: an element it sends while an attempt runs is missed, and its
    /// terminal takes effect at the next error — a running attempt still completes the output
    /// when the source completes.
    public func retry<TriggerObservable: ObservableConvertibleType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = RetryWhenSink<Element, TriggerObservable.Element>(source: source, observer: observer)
            sink.run { notificationHandler($0).asObservable() }
            return sink
        }
    }
}

private final class RetryWhenSink<Element, Trigger>: Sink<Element> {
    private let source: Observable<Element>
    private let errors = PublishSubject<Swift.Error>()
    /// Fed by the handler's sequence from the start; keeps its terminal for a later listener.
    private let notifier = PublishSubject<Trigger>()
    private let handlerSubscription = SingleAssignmentDisposable()
    /// The running attempt and, after its error, the listener on `notifier`.
    private let attempt = SerialDisposable()
    private var subscribing = false
    private var attemptRequested = false

    init(source: Observable<Element>, observer: AnyObserver<Element>) {
        self.source = source
        super.init(observer: observer)
    }

    func run(_ handler: (Observable<Swift.Error>) -> Observable<Trigger>) {
        handlerSubscription.setDisposable(handler(errors.asObservable()).subscribe(notifier))
        startAttempt()
    }

    /// Attempts start in a loop, not recursively: a trigger that fires while an attempt is
    /// being subscribed (a source failing at once) starts the next one after that call returns.
    private func startAttempt() {
        attemptRequested = true
        guard !subscribing else { return }
        subscribing = true
        while attemptRequested && !isDisposed {
            attemptRequested = false
            subscribeAttempt()
        }
        subscribing = false
    }

    private func subscribeAttempt() {
        let subscription = SingleAssignmentDisposable()
        let listener = SingleAssignmentDisposable()
        attempt.disposable = Disposables.create()
        attempt.disposable = Disposables.create(subscription, listener)
        subscription.setDisposable(source.subscribe(AnyObserver { [self] event in
            guard case .error(let error) = event else { return forward(event) }
            subscription.dispose()
            listener.setDisposable(notifier.subscribe(AnyObserver { [self] trigger in
                switch trigger {
                case .next: startAttempt()
                case .error(let error): forwardError(error)
                case .completed: forwardCompleted()
                }
            }))
            errors.onNext(error)
        }))
    }

    override func disposeUpstream() {
        attempt.dispose()
        handlerSubscription.dispose()
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
