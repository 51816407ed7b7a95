extension ObservableType {
    /// Subscribes `selector(element)` for every element at once and forwards all inner
    /// elements as they arrive (`map` + `merge()`).
    ///
    /// Completes: when this sequence and every inner sequence have completed.
    /// Errors: on any error of this sequence or an inner one, or when `selector` throws.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let outer = asObservable()
        return Producer { observer in
            let sink = MergeSink<Element, Source.Element>(selector: { try selector($0).asObservable() },
                                                        maxConcurrent: nil, observer: observer)
            sink.run(outer)
            return sink
        }
    }
}
