extension ObservableType {
    /// Pairs each element with its 0-based position (restarting for every subscription).
    ///
    /// Completes and errors: with the source.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        let source = asObservable()
        return Observable.deferred {
            var index = -1
            return source.map { element in
                index += 1
                return (index, element)
            }
        }
    }
}
