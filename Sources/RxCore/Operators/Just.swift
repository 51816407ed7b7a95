extension ObservableType {
    /// Emits `element` and then `completed`, both synchronously during subscribe.
    ///
    /// Completes: right after the element, synchronously. Errors: never.
    public static func just(_ element: Element) -> Observable<Element> {
        Producer { observer in
            observer.on(.next(element))
            observer.on(.completed)
            return Disposables.create()
        }
    }
}
