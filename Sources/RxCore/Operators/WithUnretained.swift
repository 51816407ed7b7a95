extension ObservableType {
    /// Pairs every element with `obj` without retaining it. The first element that arrives after
    /// `obj` has been released completes the output instead (RxSwift's rule), at that tick.
    /// While a pair is being delivered the object is held, so an element sent back into the
    /// source during that delivery is paired too.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> Observable<Out> {
        let source = asObservable()
        return Producer { [weak obj] observer in
            let sink = WithUnretainedSink<Object, Element, Out>(observer: observer)
            sink.subscription.setDisposable(source.subscribe(AnyObserver { event in
                switch event {
                case .next(let element):
                    guard let obj else { return sink.forwardCompleted() }
                    // Held until the pair has been delivered, in every build: an element the
                    // observer sends back meanwhile is still paired.
                    withExtendedLifetime(obj) { sink.forwardNext(resultSelector(obj, element)) }
                case .error(let error): sink.forwardError(error)
                case .completed: sink.forwardCompleted()
                }
            }))
            return sink
        }
    }

    /// `withUnretained` emitting `(obj, element)` pairs.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        withUnretained(obj) { ($0, $1) }
    }
}

private final class WithUnretainedSink<Object: AnyObject, Element, Out>: Sink<Out> {
    let subscription = SingleAssignmentDisposable()
    override func disposeUpstream() { subscription.dispose() }
}
