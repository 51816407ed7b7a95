extension ObservableType {
    /// Calls `observableFactory` at every subscribe and mirrors the observable it returns.
    ///
    /// Errors: when the factory throws, with that error, at the subscribe tick.
    public static func deferred(
        _ observableFactory: @escaping () throws -> Observable<Element>
    ) -> Observable<Element> {
        Producer { observer in
            let source: Observable<Element>
            do {
                source = try observableFactory()
            } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
            return source.subscribe(observer)
        }
    }
}
