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
