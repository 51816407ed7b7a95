extension ObservableType {
    /// Mirrors the sources one after another, moving to the next only when the current one
    /// fails (subscribed at that tick); the last source's error is forwarded.
    ///
    /// Completes: when the current source completes. An empty sequence completes at once.
    public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        let sources = Array(sequence)
        return Observable.create { observer in
            let current = SerialDisposable()
            func subscribe(_ index: Int) {
                // A source failing inside its subscribe call after the observer disposed moves
                // on no further (RxSwift's tail-recursive sink checks its disposed flag).
                guard !current.isDisposed else { return }
                guard index < sources.count else { return observer.onCompleted() }
                // The slot is taken before subscribing: a source failing inside its subscribe
                // call moves on to the next, whose subscription must not be overwritten.
                let subscription = SingleAssignmentDisposable()
                current.disposable = subscription
                subscription.setDisposable(sources[index].subscribe { event in
                    if case .error(let error) = event, index + 1 < sources.count {
                        _ = error
                        subscribe(index + 1)
                    } else {
                        observer.on(event)
                    }
                })
            }
            subscribe(0)
            return current
        }
    }
}
