import RxCore
import RxTestKit

/// Operators whose bug is a departure from RxSwift's behaviour in a case RxSwift's own tests
/// pin down: each reads as a correct-looking implementation with one rule changed.
extension Mutants {
    /// retry(when:) that listens to the handler's sequence the whole time: an element sent
    /// while an attempt runs resubscribes at once, and a terminal ends the output at once
    /// (RxSwift listens only from an error until the next attempt).
    public static func retryWhenListensThroughout(_ source: Observable<Int>,
                                                  _ handler: @escaping (Observable<Swift.Error>) -> Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            let errors = PublishSubject<Swift.Error>()
            let current = SerialDisposable()
            var subscribeSource: () -> Void = {}
            let trigger = handler(errors.asObservable()).subscribe { event in
                switch event {
                case .next: subscribeSource()
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
            subscribeSource = {
                current.disposable = Disposables.create()
                current.disposable = source.subscribe { event in
                    switch event {
                    case .error(let error): errors.onNext(error)
                    default: observer.on(event)
                    }
                }
            }
            subscribeSource()
            return Disposables.create(trigger, current)
        }
    }

    /// single(predicate) that counts every element as seen, matching or not.
    public static func singleCountsEveryElement(_ source: Observable<Int>, _ predicate: @escaping (Int) -> Bool) -> Observable<Int> {
        Observable.create { observer in
            var seen = false
            return source.subscribe { event in
                switch event {
                case .next(let value):
                    if seen { return observer.onError(RxError.moreThanOneElement) }
                    seen = true   // bug: before the predicate
                    if predicate(value) { observer.onNext(value) }
                case .error(let error): observer.onError(error)
                case .completed: seen ? observer.onCompleted() : observer.onError(RxError.noElements)
                }
            }
        }
    }

    /// multicast(_:selector:) that connects the source before subscribing the selector's
    /// output: whatever a synchronous source sends at once reaches nobody.
    public static func multicastConnectsFirst(_ source: Observable<Int>,
                                              _ selector: @escaping (Observable<Int>) -> Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            let connectable = source.multicast { PublishSubject<Int>() }
            let output = selector(connectable)
            let connection = connectable.connect()   // bug: before the subscription below
            let subscription = output.subscribe(observer)
            return Disposables.create(subscription, connection)
        }
    }

    /// groupBy whose source subscription belongs to the groups' observer alone: when that
    /// observer leaves, the source goes, and subscribed groups hear nothing more.
    public static func groupByReleasesWithItsObserver(_ source: Observable<Int>, key: @escaping (Int) -> Int)
        -> Observable<GroupedObservable<Int, Int>> {
        Observable.create { observer in
            var groups: [Int: PublishSubject<Int>] = [:]
            var order: [PublishSubject<Int>] = []
            return source.subscribe { event in
                switch event {
                case .next(let value):
                    if let group = groups[key(value)] { return group.onNext(value) }
                    let group = PublishSubject<Int>()
                    groups[key(value)] = group
                    order.append(group)
                    observer.onNext(GroupedObservable(key: key(value), source: group))
                    group.onNext(value)
                case .error(let error):
                    for group in order { group.onError(error) }
                    observer.onError(error)
                case .completed:
                    for group in order { group.onCompleted() }
                    observer.onCompleted()
                }
            }
        }
    }

    /// groupBy that sends a new group its first element before delivering the group, so a
    /// subscriber that joins on delivery misses it.
    public static func groupByElementBeforeGroup(_ source: Observable<Int>, key: @escaping (Int) -> Int)
        -> Observable<GroupedObservable<Int, Int>> {
        source.groupBy(keySelector: key).flatMap { group in
            Observable.just(GroupedObservable(key: group.key, source: group.asObservable().skip(1)))
        }
    }

    /// using that never disposes its resource.
    public static func usingKeepsTheResource(_ resource: @escaping () -> Disposable, _ source: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            _ = resource()   // bug: never disposed
            return source.subscribe(observer)
        }
    }

    /// withUnretained that holds its object strongly, so it is never found gone.
    public static func withUnretainedRetains<Object: AnyObject>(_ source: Observable<Int>, _ object: Object) -> Observable<Int> {
        source.map { [object] element in withExtendedLifetime(object) { element } }
    }

    /// asInfallible(onErrorJustReturn:) that completes at an error without the element.
    public static func asInfallibleDropsTheElement(_ source: Observable<Int>) -> Observable<Int> {
        source.catch { _ in .empty() }
    }

    /// decode that skips an element it cannot decode instead of failing.
    public static func decodeSkipsFailures(_ source: Observable<Int>, _ decode: @escaping (Int) throws -> Int) -> Observable<Int> {
        source.compactMap { try? decode($0) }
    }
}
