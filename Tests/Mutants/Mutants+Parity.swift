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
}
