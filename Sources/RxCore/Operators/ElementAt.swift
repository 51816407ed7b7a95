extension ObservableType {
    /// Emits the element at 0-based `index` and completes at its tick, unsubscribing the source.
    ///
    /// Errors: `RxError.argumentOutOfRange` when the source completes first, or its error.
    public func element(at index: Int) -> Observable<Element> {
        precondition(index >= 0, "element(at:) needs an index of 0 or more")
        let source = asObservable()
        return Observable.create { observer in
            var seen = 0
            return source.subscribe { event in
                switch event {
                case .next(let value):
                    if seen == index {
                        observer.onNext(value)
                        observer.onCompleted()
                    }
                    seen += 1
                case .error(let error): observer.onError(error)
                case .completed: observer.onError(RxError.argumentOutOfRange)
                }
            }
        }
    }
}
