extension ObservableType {
    /// Like `flatMap`, but while an inner sequence is live, new elements are dropped (their
    /// selector is not called).
    ///
    /// Completes: when this sequence has completed and no inner is live.
    /// Errors: on any error, or when `selector` throws.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let outer = asObservable()
        return Observable.create { observer in
            var live = false
            var outerDone = false
            let inner = SerialDisposable()
            let outerSubscription = SingleAssignmentDisposable()
            outerSubscription.setDisposable(outer.subscribe { event in
                switch event {
                case .next(let value):
                    guard !live else { return }
                    let next: Observable<Source.Element>
                    do { next = try selector(value).asObservable() } catch { return observer.onError(error) }
                    live = true
                    let subscription = SingleAssignmentDisposable()
                    inner.disposable = subscription
                    subscription.setDisposable(next.subscribe { event in
                        switch event {
                        case .next(let value): observer.onNext(value)
                        case .error(let error): observer.onError(error)
                        case .completed:
                            live = false
                            subscription.dispose()
                            if outerDone { observer.onCompleted() }
                        }
                    })
                case .error(let error): observer.onError(error)
                case .completed:
                    outerDone = true
                    outerSubscription.dispose()
                    if !live { observer.onCompleted() }
                }
            })
            return Disposables.create(outerSubscription, inner)
        }
    }
}
