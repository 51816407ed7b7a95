extension ObservableType {
    /// Drops the first `count` elements and forwards the rest; `count <= 0` passes everything.
    ///
    /// Completes / Errors: with the source.
    public func skip(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = SkipSink(remaining: count, observer: observer)
            sink.subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
            return sink
        }
    }
}

private final class SkipSink<Element>: Sink<Element> {
    private var remaining: Int
    let subscription = SingleAssignmentDisposable()

    init(remaining: Int, observer: AnyObserver<Element>) {
        self.remaining = remaining
        super.init(observer: observer)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if remaining > 0 {
                remaining -= 1
            } else {
                forwardNext(value)
            }
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }

    override func disposeUpstream() { subscription.dispose() }
}
