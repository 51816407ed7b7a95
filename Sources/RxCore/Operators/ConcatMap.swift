extension ObservableType {
    /// Maps each element to an inner sequence and mirrors those one after another.
    /// `selector` runs when the element arrives; the inner is subscribed only when its turn
    /// comes (a cold inner's timeline starts then).
    ///
    /// Completes: when this sequence has completed and no inner is active or waiting.
    /// Errors: on the first error anywhere, or when `selector` throws.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let outer = asObservable()
        return Producer { observer in
            let sink = MergeSink<Element, Source.Element>(selector: { try selector($0).asObservable() },
                                                        maxConcurrent: 1, observer: observer)
            sink.run(outer)
            return sink
        }
    }
}
