extension ObservableType {
    /// Each event as an element: `next(x)` → `.next(x)`; a terminal → its event, then
    /// `completed`, at the same tick. The output never fails.
    ///
    /// Completes: right after the source's terminal, as an element. Errors: never.
    public func materialize() -> Observable<Event<Element>> {
        let source = asObservable()
        return Observable.create { observer in
            source.subscribe { event in
                observer.onNext(event)
                if event.isStopEvent { observer.onCompleted() }
            }
        }
    }
}

extension ObservableType {
    /// The inverse of `materialize`: `.next(x)` → `next(x)`, `.error(e)` → `error(e)`,
    /// `.completed` → `completed` (both end the output); the source's own terminal is forwarded.
    public func dematerialize<Item>() -> Observable<Item> where Element == Event<Item> {
        let source = asObservable()
        return Observable.create { observer in
            source.subscribe { event in
                switch event {
                case .next(let inner): observer.on(inner)
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }
}
