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

extension Maybe {
    /// Succeeds with `resultSelector` of both elements once both have succeeded; completes empty
    /// once both have ended and either was empty; fails at the first error.
    public static func zip<E1, E2>(_ m1: Maybe<E1>, _ m2: Maybe<E2>,
                                   resultSelector: @escaping (E1, E2) throws -> Element) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(m1, m2, resultSelector: resultSelector))
    }

    /// Succeeds with the pair of elements.
    public static func zip<E1, E2>(_ m1: Maybe<E1>, _ m2: Maybe<E2>) -> Maybe<(E1, E2)> where Element == (E1, E2) {
        zip(m1, m2) { ($0, $1) }
    }

    /// Succeeds with every maybe's element, in order; an empty collection succeeds with `[]`.
    public static func zip<Collection: Swift.Collection, Value>(_ collection: Collection) -> Maybe<[Value]>
        where Collection.Element == Maybe<Value>, Element == [Value] {
        collection.isEmpty ? .just([]) : Maybe(unchecked: Observable.zip(collection))
    }
}
