extension ObservableType {
    /// Never emits anything; disposing it does nothing.
    public static func never() -> Observable<Element> {
        Producer { _ in Disposables.create() }
    }
}
