extension ObservableType {
    /// `map(selector).switchLatest()`: each element's inner sequence replaces the previous one.
    ///
    /// Errors: also when `selector` throws.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let outer = asObservable()
        return Producer { observer in
            let sink = SwitchSink<Element, Source.Element>(selector: { try selector($0).asObservable() },
                                                         observer: observer)
            sink.run(outer)
            return sink
        }
    }
}
