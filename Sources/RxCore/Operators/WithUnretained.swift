extension ObservableType {
    /// Pairs every element with `obj` without retaining it. The first element that arrives after
    /// `obj` has been released completes the output instead (RxSwift's rule), at that tick.
    /// `obj` is held only while `resultSelector` runs, not while the pair is delivered.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> Observable<Out> {
        let source = asObservable()
        return Producer { [weak obj] observer in
            let sink = WithUnretainedSink<Object, Element, Out>(observer: observer)
            sink.subscription.setDisposable(source.subscribe(AnyObserver { event in
                switch event {
                case .next(let element):
                    // The strong reference ends with the closure, before the pair is delivered,
                    // in every build: an element sent back meanwhile may find `obj` gone.
                    let paired: Out? = { guard let obj else { return nil }; return resultSelector(obj, element) }()
                    guard let paired else { return sink.forwardCompleted() }
                    sink.forwardNext(paired)
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
