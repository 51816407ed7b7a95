extension ObservableType {
    /// Emits the elements for which `predicate` holds.
    ///
    /// Errors: with the source's error, or when `predicate` throws.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            return FilterSink(predicate: predicate, observer: observer).run(source)
        }
    }
}

private final class FilterSink<Element>: UnarySink<Element, Element> {
    private let predicate: (Element) throws -> Bool

    init(predicate: @escaping (Element) throws -> Bool, observer: AnyObserver<Element>) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do { if try predicate(value) { forwardNext(value) } } catch { forwardError(error) }
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }
}
