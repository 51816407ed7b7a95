import RxCore
import RxTestKit

/// Operators whose state lives in the observable instead of in each subscription: one run
/// leaks into the next. Invisible to a single subscriber.
extension Mutants {
    /// scan whose accumulator is created once per observable, not once per subscription.
    public static func scanSharesAccumulator(_ source: Observable<Int>) -> Observable<Int> {
        var accumulator = 1   // bug: shared by every subscription
        return Observable.create { observer in
            source.subscribe { event in
                switch event {
                case .next(let value):
                    accumulator += value
                    observer.onNext(accumulator)
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }

    /// take whose remaining count is shared by every subscription.
    public static func takeCountsAcrossSubscriptions(_ source: Observable<Int>, _ count: Int) -> Observable<Int> {
        var remaining = count   // bug: shared by every subscription
        return Observable.create { observer in
            if remaining == 0 {
                observer.onCompleted()
                return Disposables.create()
            }
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(source.subscribe { event in
                guard remaining > 0 else { return }
                switch event {
                case .next(let value):
                    remaining -= 1
                    observer.onNext(value)
                    if remaining == 0 {
                        observer.onCompleted()
                        subscription.dispose()
                    }
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            })
            return subscription
        }
    }

    /// startWith that emits its prefix only to the first subscriber.
    public static func startWithPrefixOnce(_ source: Observable<Int>, _ prefix: Int) -> Observable<Int> {
        var emitted = false   // bug: shared by every subscription
        return Observable.create { observer in
            if !emitted {
                emitted = true
                observer.onNext(prefix)
            }
            return source.subscribe(observer)
        }
    }

    /// distinctUntilChanged whose last value is shared by every subscription.
    public static func distinctRemembersAcrossSubscriptions(_ source: Observable<Int>) -> Observable<Int> {
        var last: Int?   // bug: shared by every subscription
        return Observable.create { observer in
            source.subscribe { event in
                switch event {
                case .next(let value):
                    guard value != last else { return }
                    last = value
                    observer.onNext(value)
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }
}

extension Mutants {
    /// skip whose count of skipped elements is shared by every subscription.
    public static func skipCountsAcrossSubscriptions(_ source: Observable<Int>, _ count: Int) -> Observable<Int> {
        var skipped = 0   // bug: shared by every subscription
        return Observable.create { observer in
            source.subscribe { event in
                if case .next = event, skipped < count {
                    skipped += 1
                    return
                }
                observer.on(event)
            }
        }
    }

    /// withLatestFrom whose latest value of `second` outlives the subscription that saw it.
    public static func withLatestFromRemembersAcrossSubscriptions(_ first: Observable<Int>, _ second: Observable<Int>) -> Observable<Int> {
        var latest: Int?   // bug: shared by every subscription
        return Observable.create { observer in
            let secondSubscription = second.subscribe { event in
                switch event {
                case .next(let value): latest = value
                case .error(let error): observer.onError(error)
                case .completed: break
                }
            }
            let firstSubscription = first.subscribe { event in
                switch event {
                case .next: if let latest { observer.onNext(latest) }
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
            return Disposables.create(secondSubscription, firstSubscription)
        }
    }
}
