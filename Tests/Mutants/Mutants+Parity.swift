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
}
