extension ObservableType {
    /// Every element as one array, emitted (with `completed`) at the source's completion.
    ///
    /// Errors: with the source's error; the collected elements are discarded.
    public func toArray() -> Single<[Element]> {
        reduce(into: [Element]()) { $0.append($1) }.asSingle()
    }

    fileprivate func reduce<Accumulate>(
        into seed: Accumulate, _ accumulator: @escaping (inout Accumulate, Element) -> Void
    ) -> Observable<Accumulate> {
        reduce(seed, accumulator: { accumulate, element in
            var next = accumulate
            accumulator(&next, element)
            return next
        }, mapResult: { $0 })
    }
}
