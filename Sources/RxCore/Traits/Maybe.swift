/// What a `Maybe` delivers: an element, nothing, or an error.
public enum MaybeEvent<Element> {
    case success(Element)
    case error(Swift.Error)
    case completed
}

/// A sequence that produces at most one element: `next` and `completed` at one tick,
/// `completed` alone, or `error`.
public struct Maybe<Element>: ObservableConvertibleType {
    private let source: Observable<Element>

    init(unchecked source: Observable<Element>) { self.source = source }

    /// A maybe whose subscription runs `subscribe`; only the first event it sends counts.
    public static func create(
        subscribe: @escaping (@escaping (MaybeEvent<Element>) -> Void) -> Disposable
    ) -> Maybe<Element> {
        Maybe(unchecked: Observable.create { observer in
            subscribe { event in
                switch event {
                case .success(let value):
                    observer.onNext(value)
                    observer.onCompleted()
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        })
    }

    /// Succeeds with `element` at subscription.
    public static func just(_ element: Element) -> Maybe<Element> { Maybe(unchecked: .just(element)) }

    /// Completes empty at subscription.
    public static func empty() -> Maybe<Element> { Maybe(unchecked: .empty()) }

    /// Fails with `error` at subscription.
    public static func error(_ error: Swift.Error) -> Maybe<Element> { Maybe(unchecked: .error(error)) }

    /// The maybe as an observable.
    public func asObservable() -> Observable<Element> { source }

    /// Subscribes closures for the outcome.
    public func subscribe(onSuccess: ((Element) -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil,
                          onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        var succeeded = false
        return source.subscribe(onNext: { succeeded = true; onSuccess?($0) }, onError: { onError?($0) },
                                onCompleted: { if !succeeded { onCompleted?() } }, onDisposed: onDisposed)
    }

    /// Transforms the element.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        Maybe<Result>(unchecked: source.map(transform))
    }
}

/// Succeeds with the elements combined once all have succeeded; completes empty once all have ended and any was empty; fails at the first error. Two to eight maybes.
extension Maybe {
    /// `zip` of 2 maybes through `resultSelector`.
    public static func zip<E1, E2>(_ m1: Maybe<E1>, _ m2: Maybe<E2>,
                                resultSelector: @escaping (E1, E2) throws -> Element) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(m1, m2, resultSelector: resultSelector))
    }

    /// `zip` of 2 maybes as a tuple.
    public static func zip<E1, E2>(_ m1: Maybe<E1>, _ m2: Maybe<E2>) -> Maybe<(E1, E2)> where Element == (E1, E2) {
        zip(m1, m2) { ($0, $1) }
    }

    /// `zip` of 3 maybes through `resultSelector`.
    public static func zip<E1, E2, E3>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>,
                                resultSelector: @escaping (E1, E2, E3) throws -> Element) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(m1, m2, m3, resultSelector: resultSelector))
    }

    /// `zip` of 3 maybes as a tuple.
    public static func zip<E1, E2, E3>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>) -> Maybe<(E1, E2, E3)> where Element == (E1, E2, E3) {
        zip(m1, m2, m3) { ($0, $1, $2) }
    }

    /// `zip` of 4 maybes through `resultSelector`.
    public static func zip<E1, E2, E3, E4>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>, _ m4: Maybe<E4>,
                                resultSelector: @escaping (E1, E2, E3, E4) throws -> Element) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(m1, m2, m3, m4, resultSelector: resultSelector))
    }

    /// `zip` of 4 maybes as a tuple.
    public static func zip<E1, E2, E3, E4>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>, _ m4: Maybe<E4>) -> Maybe<(E1, E2, E3, E4)> where Element == (E1, E2, E3, E4) {
        zip(m1, m2, m3, m4) { ($0, $1, $2, $3) }
    }

    /// `zip` of 5 maybes through `resultSelector`.
    public static func zip<E1, E2, E3, E4, E5>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>, _ m4: Maybe<E4>, _ m5: Maybe<E5>,
                                resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(m1, m2, m3, m4, m5, resultSelector: resultSelector))
    }

    /// `zip` of 5 maybes as a tuple.
    public static func zip<E1, E2, E3, E4, E5>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>, _ m4: Maybe<E4>, _ m5: Maybe<E5>) -> Maybe<(E1, E2, E3, E4, E5)> where Element == (E1, E2, E3, E4, E5) {
        zip(m1, m2, m3, m4, m5) { ($0, $1, $2, $3, $4) }
    }

    /// `zip` of 6 maybes through `resultSelector`.
    public static func zip<E1, E2, E3, E4, E5, E6>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>, _ m4: Maybe<E4>, _ m5: Maybe<E5>, _ m6: Maybe<E6>,
                                resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(m1, m2, m3, m4, m5, m6, resultSelector: resultSelector))
    }

    /// `zip` of 6 maybes as a tuple.
    public static func zip<E1, E2, E3, E4, E5, E6>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>, _ m4: Maybe<E4>, _ m5: Maybe<E5>, _ m6: Maybe<E6>) -> Maybe<(E1, E2, E3, E4, E5, E6)> where Element == (E1, E2, E3, E4, E5, E6) {
        zip(m1, m2, m3, m4, m5, m6) { ($0, $1, $2, $3, $4, $5) }
    }

    /// `zip` of 7 maybes through `resultSelector`.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>, _ m4: Maybe<E4>, _ m5: Maybe<E5>, _ m6: Maybe<E6>, _ m7: Maybe<E7>,
                                resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(m1, m2, m3, m4, m5, m6, m7, resultSelector: resultSelector))
    }

    /// `zip` of 7 maybes as a tuple.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>, _ m4: Maybe<E4>, _ m5: Maybe<E5>, _ m6: Maybe<E6>, _ m7: Maybe<E7>) -> Maybe<(E1, E2, E3, E4, E5, E6, E7)> where Element == (E1, E2, E3, E4, E5, E6, E7) {
        zip(m1, m2, m3, m4, m5, m6, m7) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// `zip` of 8 maybes through `resultSelector`.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>, _ m4: Maybe<E4>, _ m5: Maybe<E5>, _ m6: Maybe<E6>, _ m7: Maybe<E7>, _ m8: Maybe<E8>,
                                resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(m1, m2, m3, m4, m5, m6, m7, m8, resultSelector: resultSelector))
    }

    /// `zip` of 8 maybes as a tuple.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(_ m1: Maybe<E1>, _ m2: Maybe<E2>, _ m3: Maybe<E3>, _ m4: Maybe<E4>, _ m5: Maybe<E5>, _ m6: Maybe<E6>, _ m7: Maybe<E7>, _ m8: Maybe<E8>) -> Maybe<(E1, E2, E3, E4, E5, E6, E7, E8)> where Element == (E1, E2, E3, E4, E5, E6, E7, E8) {
        zip(m1, m2, m3, m4, m5, m6, m7, m8) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }

    /// Succeeds with every maybe's element, in order; an empty collection succeeds with `[]`.
    public static func zip<Collection: Swift.Collection, Value>(_ collection: Collection) -> Maybe<[Value]>
        where Collection.Element == Maybe<Value>, Element == [Value] {
        collection.isEmpty ? .just([]) : Maybe(unchecked: Observable.zip(collection))
    }
}
