extension ObservableType {
    /// Emits only `completed`, synchronously during subscribe.
    public static func empty() -> Observable<Element> {
        Producer { observer in
            observer.on(.completed)
            return Disposables.create()
        }
    }
}
