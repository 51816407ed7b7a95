extension ObservableType {
    /// Mirrors the sources one after another, moving to the next only when the current one
    /// fails (subscribed at that tick, once the failed one is released); the last source's error
    /// is forwarded.
    ///
    /// Completes: when the current source completes. An empty sequence completes at once.
    public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        let sources = Array(sequence)
        return Producer { observer in
            let sink = CatchSequenceSink(sources: sources, observer: observer)
            sink.subscribeNext()
            return sink
        }
    }
}

private final class CatchSequenceSink<Element>: Sink<Element> {
    private let sources: [Observable<Element>]
    private var index = 0
    private let current = SerialDisposable()
    private var isSubscribing = false
    private var failedWhileSubscribing = false

    init(sources: [Observable<Element>], observer: AnyObserver<Element>) {
        self.sources = sources
        super.init(observer: observer)
    }

    /// Subscribes sources in a loop rather than by recursion, so a long run of sources failing
    /// inside their subscribe calls does not grow the stack; a source failing inside its call
    /// is left when that call returns.
    func subscribeNext() {
        repeat {
            failedWhileSubscribing = false
            // A source failing inside its subscribe call after the observer disposed moves on
            // no further.
            guard !isDisposed else { return }
            guard index < sources.count else { return forwardCompleted() }
            let source = sources[index]
            index += 1
            let subscription = SingleAssignmentDisposable()
            current.disposable = subscription   // releases the failed one
            isSubscribing = true
            subscription.setDisposable(source.subscribe(AnyObserver { [self] event in on(event) }))
            isSubscribing = false
        } while failedWhileSubscribing
    }

    private func on(_ event: Event<Element>) {
        guard case .error = event, index < sources.count else { return forward(event) }
        if isSubscribing { failedWhileSubscribing = true } else { subscribeNext() }
    }

    override func disposeUpstream() { current.dispose() }
}
