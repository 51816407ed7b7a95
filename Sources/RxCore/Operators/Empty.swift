extension ObservableType {
    /// Emits only `completed`, synchronously during subscribe.
    ///
    /// Completes: at once, synchronously during subscribe. Errors: never.
    public static func empty() -> Observable<Element> {
        Producer { observer in
            observer.on(.completed)
            return Disposables.create()
        }
    }
}
