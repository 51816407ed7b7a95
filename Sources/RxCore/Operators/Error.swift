extension ObservableType {
    /// Emits `error(error)` synchronously during subscribe.
    ///
    /// Completes: never. Errors: at once, synchronously during subscribe.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        Producer { observer in
            observer.on(.error(error))
            return Disposables.create()
        }
    }
}
