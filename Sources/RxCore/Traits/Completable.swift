/// What a `Completable` delivers: completion or an error.
public enum CompletableEvent {
    case error(Swift.Error)
    case completed
}

/// A sequence that never produces elements: it completes or fails.
public struct Completable: ObservableConvertibleType {
    private let source: Observable<Never>

    init(unchecked source: Observable<Never>) { self.source = source }

    /// A completable whose subscription runs `subscribe`; only the first event it sends counts.
    public static func create(subscribe: @escaping (@escaping (CompletableEvent) -> Void) -> Disposable) -> Completable {
        Completable(unchecked: Observable.create { observer in
            subscribe { event in
                switch event {
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        })
    }

    /// Completes at subscription.
    public static func empty() -> Completable { Completable(unchecked: .empty()) }

    /// Fails with `error` at subscription.
    public static func error(_ error: Swift.Error) -> Completable { Completable(unchecked: .error(error)) }

    /// The completable as an observable of no elements.
    public func asObservable() -> Observable<Never> { source }

    /// Subscribes closures for the outcome.
    public func subscribe(onCompleted: (() -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil,
                          onDisposed: (() -> Void)? = nil) -> Disposable {
        source.subscribe(onError: { onError?($0) }, onCompleted: { onCompleted?() }, onDisposed: onDisposed)
    }

    /// This, then `next` once this completes.
    public func andThen(_ next: Completable) -> Completable {
        Completable(unchecked: source.concat(next.asObservable()))
    }
}

extension ObservableType {
    /// This sequence as a `Completable`: elements are dropped; the terminal is forwarded.
    public func asCompletable() -> Completable {
        let source = asObservable()
        return Completable(unchecked: Observable<Never>.create { observer in
            source.subscribe { event in
                switch event {
                case .next: break
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        })
    }
}

extension Completable {
    /// Runs every completable at once: completes when all have completed, fails at the first
    /// error (the rest are then disposed). An empty collection completes at once.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
        where Collection.Element == Completable {
        Completable(unchecked: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// `zip` over the arguments.
    public static func zip(_ sources: Completable...) -> Completable { zip(sources) }

    /// Runs the completables one after the other, each subscribed when the previous completes;
    /// the first error ends the whole.
    public static func concat<Sequence: Swift.Sequence>(_ sources: Sequence) -> Completable
        where Sequence.Element == Completable {
        Completable(unchecked: Observable.concat(sources.map { $0.asObservable() }))
    }

    /// `concat` over the arguments.
    public static func concat(_ sources: Completable...) -> Completable { concat(sources) }
}
