extension ObservableType {
    /// Mirrors this sequence until `other` emits an element. `other` is subscribed first, so at
    /// a shared tick a cold `other` wins and the source's element is lost.
    ///
    /// Completes: when `other` emits (its element itself is not forwarded), or with the source.
    /// `other` completing without an element only unsubscribes it; mirroring goes on.
    /// Errors: on an error of either sequence.
    public func take<Source: ObservableConvertibleType>(until other: Source) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return Producer { observer in
            let sink = TakeUntilSink<Element, Source.Element>(observer: observer)
            sink.run(source: source, other: other)
            return sink
        }
    }

    /// Mirrors elements until `predicate` holds for one; then completes at that element's tick
    /// (emitting it first with `.inclusive`) and unsubscribes the source. The predicate is
    /// not called again after it fires.
    ///
    /// Errors: with the source's error, or when `predicate` throws.
    public func take(until predicate: @escaping (Element) throws -> Bool,
                     behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            return TakeUntilPredicateSink(predicate: predicate, behavior: behavior, observer: observer).run(source)
        }
    }
}

private final class TakeUntilSink<Element, Other>: Sink<Element> {
    private let sourceSubscription = SingleAssignmentDisposable()
    private let otherSubscription = SingleAssignmentDisposable()

    func run(source: Observable<Element>, other: Observable<Other>) {
        otherSubscription.setDisposable(other.subscribe(AnyObserver { [self] event in
            switch event {
            case .next: forwardCompleted()
            case .error(let error): forwardError(error)
            case .completed: otherSubscription.dispose()
            }
        }))
        // Subscribed even when `other` already ended the output inside its subscribe call, and
        // then disposed at once (RxSwift: a zero-length entry).
        sourceSubscription.setDisposable(source.subscribe(AnyObserver { [self] event in forward(event) }))
    }

    override func disposeUpstream() {
        otherSubscription.dispose()
        sourceSubscription.dispose()
    }
}

private final class TakeUntilPredicateSink<Element>: UnarySink<Element, Element> {
    private let predicate: (Element) throws -> Bool
    private let behavior: TakeBehavior
    /// Cleared before the last element is forwarded, so an element fed back while it is being
    /// delivered is dropped (RxSwift's `running`).
    private var running = true

    init(predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior, observer: AnyObserver<Element>) {
        self.predicate = predicate
        self.behavior = behavior
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        guard case .next(let value) = event else { return forward(event) }
        guard running else { return }
        do {
            if try predicate(value) {
                running = false
                if behavior == .inclusive { forwardNext(value) }
                forwardCompleted()
            } else {
                forwardNext(value)
            }
        } catch {
            forwardError(error)
        }
    }
}
