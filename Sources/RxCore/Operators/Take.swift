extension ObservableType {
    /// Emits the first `count` elements; the last of them and `completed` arrive at one tick.
    ///
    /// Completes: after the `count`-th element (the source is then unsubscribed), or with the
    /// source. `take(0)` completes at subscription without subscribing the source at all.
    /// Errors: with the source's error. A negative count is a programming error (traps).
    public func take(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "take(_:) needs a count of 0 or more")
        if count == 0 { return Observable.empty() }
        let source = asObservable()
        return Producer { observer in
            return TakeSink(remaining: count, observer: observer).run(source)
        }
    }
}

private final class TakeSink<Element>: UnarySink<Element, Element> {
    private var remaining: Int

    init(remaining: Int, observer: AnyObserver<Element>) {
        self.remaining = remaining
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            guard remaining > 0 else { return }
            remaining -= 1
            forwardNext(value)
            if remaining == 0 { forwardCompleted() }
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }
}
