extension ObservableType {
    /// Mirrors the source; if it completes without an element, emits `default` first, at the
    /// completion tick. An error never produces the default.
    public func ifEmpty(default element: Element) -> Observable<Element> {
        ifEmpty(switchTo: Observable.just(element))
    }

    /// Mirrors the source; if it completes without an element, subscribes `other` at that tick
    /// and mirrors it to the end. A source error is forwarded and `other` never subscribed.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            var empty = true
            // Two slots: a source completing inside its subscribe call subscribes `other`
            // before the source's own subscription is even stored.
            let sourceSubscription = SingleAssignmentDisposable()
            let otherSubscription = SingleAssignmentDisposable()
            sourceSubscription.setDisposable(source.subscribe { event in
                switch event {
                case .next(let value):
                    empty = false
                    observer.onNext(value)
                case .error(let error): observer.onError(error)
                case .completed:
                    if empty { otherSubscription.setDisposable(other.subscribe(observer)) } else { observer.onCompleted() }
                }
            })
            return Disposables.create(sourceSubscription, otherSubscription)
        }
    }
}
