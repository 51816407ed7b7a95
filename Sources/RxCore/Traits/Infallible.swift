/// What an `Infallible` delivers: elements, then perhaps completion — never an error.
public enum InfallibleEvent<Element> {
    case next(Element)
    case completed
}

/// A sequence that cannot fail: elements and at most a completion. Made from an observable
/// with `asInfallible(onErrorJustReturn:)`, `asInfallible(onErrorFallbackTo:)` or
/// `asInfallible(onErrorRecover:)`, or created directly.
public struct Infallible<Element>: ObservableConvertibleType {
    private let source: Observable<Element>

    init(unchecked source: Observable<Element>) { self.source = source }

    /// An infallible whose subscription runs `subscribe`; nothing it sends after `completed`
    /// counts.
    public static func create(subscribe: @escaping (@escaping (InfallibleEvent<Element>) -> Void) -> Disposable)
        -> Infallible<Element> {
        Infallible(unchecked: Observable.create { observer in
            subscribe { event in
                switch event {
                case .next(let element): observer.onNext(element)
                case .completed: observer.onCompleted()
                }
            }
        })
    }

    /// One element, then completion, at subscription.
    public static func just(_ element: Element) -> Infallible<Element> { Infallible(unchecked: .just(element)) }

    /// Completes at subscription.
    public static func empty() -> Infallible<Element> { Infallible(unchecked: .empty()) }

    /// Never sends anything.
    public static func never() -> Infallible<Element> { Infallible(unchecked: .never()) }

    /// The elements of `sequence`, then completion (see `Observable.from`).
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence,
                                                      scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Infallible<Element> where Sequence.Element == Element {
        Infallible(unchecked: .from(sequence, scheduler: scheduler))
    }

    /// The arguments, then completion.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Infallible<Element> {
        from(elements, scheduler: scheduler)
    }

    /// The infallible as an observable (which never errors).
    public func asObservable() -> Observable<Element> { source }

    /// Subscribes closures; there is no error to handle.
    public func subscribe(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil,
                          onDisposed: (() -> Void)? = nil) -> Disposable {
        source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Transforms every element.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible<Result>(unchecked: source.map(transform))
    }

    /// Keeps the elements `predicate` accepts.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(unchecked: source.filter(predicate))
    }

    /// Transforms every element, dropping nils.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible<Result>(unchecked: source.compactMap(transform))
    }

    /// Merges the infallibles `selector` makes of every element.
    public func flatMap<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> {
        Infallible<Result>(unchecked: source.flatMap { selector($0).asObservable() })
    }

    /// Mirrors only the infallible made of the latest element.
    public func flatMapLatest<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> {
        Infallible<Result>(unchecked: source.flatMapLatest { selector($0).asObservable() })
    }

    /// Emits every intermediate accumulation.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible<Seed>(unchecked: source.scan(seed, accumulator: accumulator))
    }

    /// Prepends `elements`.
    public func startWith(_ elements: Element...) -> Infallible<Element> {
        Infallible(unchecked: source.startWith(elementsOf: elements))
    }

    /// At most the first `count` elements.
    public func take(_ count: Int) -> Infallible<Element> { Infallible(unchecked: source.take(count)) }

    /// All but the first `count` elements.
    public func skip(_ count: Int) -> Infallible<Element> { Infallible(unchecked: source.skip(count)) }

    /// Pairs every element with the latest of `second` (dropped until it has one); `second`
    /// cannot fail either.
    public func withLatestFrom<Other, Result>(_ second: Infallible<Other>,
                                              resultSelector: @escaping (Element, Other) -> Result) -> Infallible<Result> {
        Infallible<Result>(unchecked: source.withLatestFrom(second, resultSelector: resultSelector))
    }
}

extension Infallible where Element: Equatable {
    /// Drops an element equal to the one before it.
    public func distinctUntilChanged() -> Infallible<Element> { Infallible(unchecked: source.distinctUntilChanged()) }
}

extension Infallible {
    /// Combines the latest elements of both once each has one.
    public static func combineLatest<E1, E2>(_ i1: Infallible<E1>, _ i2: Infallible<E2>,
                                             resultSelector: @escaping (E1, E2) -> Element) -> Infallible<Element> {
        Infallible(unchecked: Observable.combineLatest(i1, i2, resultSelector: resultSelector))
    }

    /// Pairs the elements of both by position.
    public static func zip<E1, E2>(_ i1: Infallible<E1>, _ i2: Infallible<E2>,
                                   resultSelector: @escaping (E1, E2) -> Element) -> Infallible<Element> {
        Infallible(unchecked: Observable.zip(i1, i2, resultSelector: resultSelector))
    }

    /// Merges the elements of all.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(unchecked: Observable.merge(sources.map { $0.asObservable() }))
    }
}

extension ObservableType {
    /// This sequence as an `Infallible`: an error becomes `element`, then completion, at the
    /// error's tick.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(unchecked: catchAndReturn(element))
    }

    /// This sequence as an `Infallible`: at an error, `infallible` takes over.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(unchecked: self.catch { _ in infallible.asObservable() })
    }

    /// This sequence as an `Infallible`: at an error, the infallible `handler` makes of it
    /// takes over.
    public func asInfallible(onErrorRecover handler: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(unchecked: self.catch { handler($0).asObservable() })
    }
}
