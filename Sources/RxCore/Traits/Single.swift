/// What a `Single` delivers: one element, or an error.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

/// A sequence that produces exactly one element or an error — as an observable, `next` and
/// `completed` at the same tick, or `error`.
public struct Single<Element>: ObservableConvertibleType {
    private let source: Observable<Element>

    init(unchecked source: Observable<Element>) { self.source = source }

    /// A single whose subscription runs `subscribe`; only the first event it sends counts.
    public static func create(
        subscribe: @escaping (@escaping (SingleEvent<Element>) -> Void) -> Disposable
    ) -> Single<Element> {
        Single(unchecked: Observable.create { observer in
            subscribe { result in
                switch result {
                case .success(let value):
                    observer.onNext(value)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
        })
    }

    /// Succeeds with `element` at subscription.
    public static func just(_ element: Element) -> Single<Element> { Single(unchecked: .just(element)) }

    /// Fails with `error` at subscription.
    public static func error(_ error: Swift.Error) -> Single<Element> { Single(unchecked: .error(error)) }

    /// The single as an observable.
    public func asObservable() -> Observable<Element> { source }

    /// Subscribes closures for the outcome.
    public func subscribe(onSuccess: ((Element) -> Void)? = nil, onFailure: ((Swift.Error) -> Void)? = nil,
                          onDisposed: (() -> Void)? = nil) -> Disposable {
        source.subscribe(onNext: { onSuccess?($0) }, onError: { onFailure?($0) }, onDisposed: onDisposed)
    }

    /// Subscribes one closure for the outcome.
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        subscribe(onSuccess: { observer(.success($0)) }, onFailure: { observer(.failure($0)) })
    }

    /// Transforms the element.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single<Result>(unchecked: source.map(transform))
    }

    /// Continues with another single.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single<Result>(unchecked: source.flatMap { try selector($0).asObservable() })
    }
}

extension ObservableType {
    /// This sequence as a `Single`. The element and `completed` arrive at the source's
    /// completion tick (not the element's).
    ///
    /// Errors: `RxError.moreThanOneElement` at the tick of a second element,
    /// `RxError.noElements` when the source completes empty, or the source's error.
    public func asSingle() -> Single<Element> {
        Single(unchecked: atMostOne(emptyIsError: true))
    }

    /// This sequence as a `Maybe`: an empty completion is allowed.
    ///
    /// Errors: `RxError.moreThanOneElement` at a second element, or the source's error.
    public func asMaybe() -> Maybe<Element> {
        Maybe(unchecked: atMostOne(emptyIsError: false))
    }

    /// The first element as a `Single` of an optional: `nil` when the source completes empty.
    /// Completes at the first element's tick.
    public func first() -> Single<Element?> {
        Single(unchecked: take(1).materializedFirst())
    }

    private func atMostOne(emptyIsError: Bool) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = AtMostOneSink(emptyIsError: emptyIsError, observer: observer)
            sink.subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
            return sink
        }
    }

    fileprivate func materializedFirst() -> Observable<Element?> {
        let source = asObservable()
        return Observable.create { observer in
            var seen = false
            return source.subscribe { event in
                switch event {
                case .next(let value):
                    seen = true
                    observer.onNext(value)
                case .error(let error): observer.onError(error)
                case .completed:
                    if !seen { observer.onNext(nil) }
                    observer.onCompleted()
                }
            }
        }
    }
}

private final class AtMostOneSink<Element>: Sink<Element> {
    private let emptyIsError: Bool
    private var element: Element?
    let subscription = SingleAssignmentDisposable()

    init(emptyIsError: Bool, observer: AnyObserver<Element>) {
        self.emptyIsError = emptyIsError
        super.init(observer: observer)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if element != nil { return forwardError(RxError.moreThanOneElement) }
            element = value
        case .error(let error):
            forwardError(error)
        case .completed:
            if let element {
                forwardNext(element)
                forwardCompleted()
            } else if emptyIsError {
                forwardError(RxError.noElements)
            } else {
                forwardCompleted()
            }
        }
    }

    override func disposeUpstream() { subscription.dispose() }
}

/// Succeeds with the elements combined once all have succeeded; fails at the first error. Two to eight singles, as in RxSwift.
extension Single {
    /// `zip` of 2 singles through `resultSelector`.
    public static func zip<E1, E2>(_ s1: Single<E1>, _ s2: Single<E2>,
                                resultSelector: @escaping (E1, E2) throws -> Element) -> Single<Element> {
        Single(unchecked: Observable.zip(s1, s2, resultSelector: resultSelector))
    }

    /// `zip` of 2 singles as a tuple.
    public static func zip<E1, E2>(_ s1: Single<E1>, _ s2: Single<E2>) -> Single<(E1, E2)> where Element == (E1, E2) {
        zip(s1, s2) { ($0, $1) }
    }

    /// `zip` of 3 singles through `resultSelector`.
    public static func zip<E1, E2, E3>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>,
                                resultSelector: @escaping (E1, E2, E3) throws -> Element) -> Single<Element> {
        Single(unchecked: Observable.zip(s1, s2, s3, resultSelector: resultSelector))
    }

    /// `zip` of 3 singles as a tuple.
    public static func zip<E1, E2, E3>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>) -> Single<(E1, E2, E3)> where Element == (E1, E2, E3) {
        zip(s1, s2, s3) { ($0, $1, $2) }
    }

    /// `zip` of 4 singles through `resultSelector`.
    public static func zip<E1, E2, E3, E4>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>, _ s4: Single<E4>,
                                resultSelector: @escaping (E1, E2, E3, E4) throws -> Element) -> Single<Element> {
        Single(unchecked: Observable.zip(s1, s2, s3, s4, resultSelector: resultSelector))
    }

    /// `zip` of 4 singles as a tuple.
    public static func zip<E1, E2, E3, E4>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>, _ s4: Single<E4>) -> Single<(E1, E2, E3, E4)> where Element == (E1, E2, E3, E4) {
        zip(s1, s2, s3, s4) { ($0, $1, $2, $3) }
    }

    /// `zip` of 5 singles through `resultSelector`.
    public static func zip<E1, E2, E3, E4, E5>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>, _ s4: Single<E4>, _ s5: Single<E5>,
                                resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element) -> Single<Element> {
        Single(unchecked: Observable.zip(s1, s2, s3, s4, s5, resultSelector: resultSelector))
    }

    /// `zip` of 5 singles as a tuple.
    public static func zip<E1, E2, E3, E4, E5>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>, _ s4: Single<E4>, _ s5: Single<E5>) -> Single<(E1, E2, E3, E4, E5)> where Element == (E1, E2, E3, E4, E5) {
        zip(s1, s2, s3, s4, s5) { ($0, $1, $2, $3, $4) }
    }

    /// `zip` of 6 singles through `resultSelector`.
    public static func zip<E1, E2, E3, E4, E5, E6>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>, _ s4: Single<E4>, _ s5: Single<E5>, _ s6: Single<E6>,
                                resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element) -> Single<Element> {
        Single(unchecked: Observable.zip(s1, s2, s3, s4, s5, s6, resultSelector: resultSelector))
    }

    /// `zip` of 6 singles as a tuple.
    public static func zip<E1, E2, E3, E4, E5, E6>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>, _ s4: Single<E4>, _ s5: Single<E5>, _ s6: Single<E6>) -> Single<(E1, E2, E3, E4, E5, E6)> where Element == (E1, E2, E3, E4, E5, E6) {
        zip(s1, s2, s3, s4, s5, s6) { ($0, $1, $2, $3, $4, $5) }
    }

    /// `zip` of 7 singles through `resultSelector`.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>, _ s4: Single<E4>, _ s5: Single<E5>, _ s6: Single<E6>, _ s7: Single<E7>,
                                resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element) -> Single<Element> {
        Single(unchecked: Observable.zip(s1, s2, s3, s4, s5, s6, s7, resultSelector: resultSelector))
    }

    /// `zip` of 7 singles as a tuple.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>, _ s4: Single<E4>, _ s5: Single<E5>, _ s6: Single<E6>, _ s7: Single<E7>) -> Single<(E1, E2, E3, E4, E5, E6, E7)> where Element == (E1, E2, E3, E4, E5, E6, E7) {
        zip(s1, s2, s3, s4, s5, s6, s7) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// `zip` of 8 singles through `resultSelector`.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>, _ s4: Single<E4>, _ s5: Single<E5>, _ s6: Single<E6>, _ s7: Single<E7>, _ s8: Single<E8>,
                                resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element) -> Single<Element> {
        Single(unchecked: Observable.zip(s1, s2, s3, s4, s5, s6, s7, s8, resultSelector: resultSelector))
    }

    /// `zip` of 8 singles as a tuple.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(_ s1: Single<E1>, _ s2: Single<E2>, _ s3: Single<E3>, _ s4: Single<E4>, _ s5: Single<E5>, _ s6: Single<E6>, _ s7: Single<E7>, _ s8: Single<E8>) -> Single<(E1, E2, E3, E4, E5, E6, E7, E8)> where Element == (E1, E2, E3, E4, E5, E6, E7, E8) {
        zip(s1, s2, s3, s4, s5, s6, s7, s8) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }

    /// Succeeds with every single's element, in order; an empty collection succeeds with `[]`.
    public static func zip<Collection: Swift.Collection, Value>(_ collection: Collection) -> Single<[Value]>
        where Collection.Element == Single<Value>, Element == [Value] {
        collection.isEmpty ? .just([]) : Single(unchecked: Observable.zip(collection))
    }
}
