extension ObservableType {
    /// Mirrors the source, calling the given closures for side effects: event handlers before
    /// forwarding, `onSubscribe` before subscribing, `onDispose` when the subscription ends
    /// (after a terminal, or on dispose).
    ///
    /// Errors: when an event handler throws, that error is forwarded instead.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil, onError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil, onSubscribe: (() -> Void)? = nil, onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            onSubscribe?()
            let subscription = source.subscribe { event in
                do {
                    switch event {
                    case .next(let value): try onNext?(value)
                    case .error(let error): try onError?(error)
                    case .completed: try onCompleted?()
                    }
                    observer.on(event)
                } catch {
                    observer.onError(error)
                }
            }
            return Disposables.create {
                subscription.dispose()
                onDispose?()
            }
        }
    }
}
