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
