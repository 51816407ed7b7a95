extension ObservableType {
    /// Never emits anything; disposing it does nothing.
    ///
    /// Completes and errors: never.
    public static func never() -> Observable<Element> {
        Producer { _ in Disposables.create() }
    }
}
