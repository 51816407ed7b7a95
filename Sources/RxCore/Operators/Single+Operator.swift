extension ObservableType {
    /// Mirrors a source that must produce exactly one element: its element at its tick, then
    /// `completed` at the source's completion.
    ///
    /// Errors: `RxError.moreThanOneElement` at a second element, `RxError.noElements` when the
    /// source completes empty, or the source's error.
    public func single() -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            var seen = false
            return source.subscribe { event in
                switch event {
                case .next(let value):
                    if seen { return observer.onError(RxError.moreThanOneElement) }
                    seen = true
                    observer.onNext(value)
                case .error(let error): observer.onError(error)
                case .completed: seen ? observer.onCompleted() : observer.onError(RxError.noElements)
                }
            }
        }
    }
}
