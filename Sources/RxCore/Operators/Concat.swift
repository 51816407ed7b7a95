extension ObservableType {
    /// Mirrors the sources one after another: the next is subscribed at the tick the current
    /// one completes, after the current one is released (disposed); the last is released after
    /// the output completes. A cold later source starts its
    /// timeline then; a hot one has missed everything before its turn. The same observable
    /// listed twice is subscribed twice.
    ///
    /// Completes: when the last source completes (an empty list completes at once).
    /// Errors: on an error of the current source; later sources are never subscribed.
    public static func concat(_ sources: [Observable<Element>]) -> Observable<Element> {
        Producer { observer in
            let sink = ConcatSink(sources: sources, observer: observer)
            sink.subscribeNext()
            return sink
        }
    }

    /// `concat` of the arguments.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }

    /// This sequence, then `second` once this one completes.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
        where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }
}

private final class ConcatSink<Element>: Sink<Element> {
    private let sources: [Observable<Element>]
    private var index = 0
    private var current = SingleAssignmentDisposable()
    private var isSubscribing = false
    private var completedWhileSubscribing = false

    init(sources: [Observable<Element>], observer: AnyObserver<Element>) {
        self.sources = sources
        super.init(observer: observer)
    }

    /// Subscribes sources in a loop rather than by recursion, so a long run of synchronously
    /// completing sources does not grow the stack.
    func subscribeNext() {
        repeat {
            completedWhileSubscribing = false
            guard !isDisposed else { return }
            guard index < sources.count else {
                forwardCompleted()
                return
            }
            let source = sources[index]
            index += 1
            current.dispose()   // the finished one, before its successor is subscribed
            let subscription = SingleAssignmentDisposable()
            current = subscription
            isSubscribing = true
            subscription.setDisposable(source.subscribe(AnyObserver { [self] event in on(event, from: subscription) }))
            isSubscribing = false
        } while completedWhileSubscribing
    }

    private func on(_ event: Event<Element>, from subscription: SingleAssignmentDisposable) {
        guard subscription === current else { return }
        switch event {
        case .next(let value):
            forwardNext(value)
        case .error(let error):
            forwardError(error)
        case .completed:
            if isSubscribing {
                completedWhileSubscribing = true
            } else {
                subscribeNext()
            }
        }
    }

    override func disposeUpstream() { current.dispose() }
}
