extension ObservableType {
    /// Drops elements while `predicate` holds; from the first for which it fails, forwards
    /// everything (the predicate is not called again). Each subscription starts skipping anew.
    ///
    /// Errors: with the source's error, or when `predicate` throws.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable.deferred {
            var skipping = true
            return source.filter { element in
                if skipping { skipping = try predicate(element) }
                return !skipping
            }
        }
    }
}
