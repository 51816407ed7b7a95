extension ObservableType {
    /// Mirrors a source that must produce exactly one element: its element at its tick, then
    /// `completed` at the source's completion.
    ///
    /// Errors: `RxError.moreThanOneElement` at a second element, `RxError.noElements` when the
    /// source completes empty, or the source's error.
    public func single() -> Observable<Element> {
        single { _ in true }
    }

    /// `single()` over the elements that satisfy `predicate`; the others are dropped. A second
    /// matching element fails with `RxError.moreThanOneElement`, none at completion with
    /// `RxError.noElements`; a throwing `predicate` fails the output with its error.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            return SingleSink(predicate: predicate, observer: observer).run(source)
        }
    }
}

private final class SingleSink<Element>: UnarySink<Element, Element> {
    private let predicate: (Element) throws -> Bool
    private var seen = false

    init(predicate: @escaping (Element) throws -> Bool, observer: AnyObserver<Element>) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do {
                guard try predicate(value) else { return }
            } catch {
                return forwardError(error)
            }
            if seen { return forwardError(RxError.moreThanOneElement) }
            seen = true
            forwardNext(value)
        case .error(let error): forwardError(error)
        case .completed: seen ? forwardCompleted() : forwardError(RxError.noElements)
        }
    }
}
