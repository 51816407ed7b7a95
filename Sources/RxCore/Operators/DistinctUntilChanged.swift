extension ObservableType {
    /// Drops an element whose key equals the key of the last **emitted** element (not the last
    /// received one: with a non-transitive comparer this matters). The first element always
    /// passes.
    ///
    /// Errors: with the source's error, or when `keySelector` or `comparer` throws.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            return DistinctUntilChangedSink(keySelector: keySelector, comparer: comparer, observer: observer).run(source)
        }
    }

    /// Compares elements with `comparer`.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Compares the keys `keySelector` returns.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Observable<Element> {
        distinctUntilChanged(keySelector, comparer: ==)
    }

    /// Compares the values at `keyPath`.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element> {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: ==)
    }
}

extension ObservableType where Element: Equatable {
    /// Drops an element equal to the last emitted one.
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: ==)
    }
}

private final class DistinctUntilChangedSink<Element, Key>: UnarySink<Element, Element> {
    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool
    private var lastEmittedKey: Key?

    init(keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
         observer: AnyObserver<Element>) {
        self.keySelector = keySelector
        self.comparer = comparer
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do {
                let key = try keySelector(value)
                if let lastEmittedKey, try comparer(lastEmittedKey, key) { return }
                lastEmittedKey = key
                forwardNext(value)
            } catch {
                forwardError(error)
            }
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }
}
