extension ObservableType {
    /// At the source's completion, emits its last `count` elements (oldest first) and completes,
    /// all at that tick.
    ///
    /// Errors: with the source's error; the kept elements are discarded.
    public func takeLast(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "takeLast(_:) needs a count of 0 or more")
        let source = asObservable()
        return Observable.create { observer in
            var kept: [Element] = []
            return source.subscribe { event in
                switch event {
                case .next(let value):
                    kept.append(value)
                    if kept.count > count { kept.removeFirst() }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    for value in kept { observer.onNext(value) }
                    observer.onCompleted()
                }
            }
        }
    }
}
