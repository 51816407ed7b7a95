extension ObservableType {
    /// Emits `elements` synchronously at subscription, then subscribes this sequence and
    /// mirrors it. Every subscription re-emits the prefix; chained prefixes run outermost first.
    ///
    /// Completes and errors: with the source; never during the prefix.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        startWith(elementsOf: elements)
    }

    /// `startWith` over an array, for the traits that forward their own variadic spelling, and
    /// for the catalog, which writes prefixes of thousands of elements — what a variadic call of
    /// that length passes — without spelling them out.
    @_spi(Catalog)
    public func startWith(elementsOf elements: [Element]) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            for element in elements { observer.on(.next(element)) }
            return source.subscribe(observer)
        }
    }
}
