extension ObservableType {
    /// Emits `transform(element)` for each element, at the element's tick.
    ///
    /// Errors: with the source's error, or when `transform` throws (then the source is disposed).
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        let source = asObservable()
        return Producer { observer in
            return MapSink(transform: transform, observer: observer).run(source)
        }
    }
}

private final class MapSink<Element, Result>: UnarySink<Element, Result> {
    private let transform: (Element) throws -> Result

    init(transform: @escaping (Element) throws -> Result, observer: AnyObserver<Result>) {
        self.transform = transform
        super.init(observer: observer)
    }

    // Reached through the vtable, it runs generic: specialised for the catalog's elements (an
    // `Int` mapped to an `Int` or to an inner source). The work is in `handle`, kept out of
    // line: in the entry the specialisation's type check stays first, where an inlined body
    // had the event type's metadata looked up ahead of it at every event.
    @_specialize(where Element == Int, Result == Int)
    @_specialize(where Element == Int, Result == Observable<Int>)
    override func on(_ event: Event<Element>) {
        handle(event)
    }

    @inline(never)
    private func handle(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do { forwardNext(try transform(value)) } catch { forwardError(error) }
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }
}
