extension ObservableType {
    /// Emits `transform(element)` for each element where it is not nil.
    ///
    /// Errors: with the source's error, or when `transform` throws.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        map(transform).filter { $0 != nil }.map { $0! }
    }
}
