import RxCore
import RxTestKit

/// Deliberately broken operators, each with one bug of a kind reactive libraries have shipped.
/// They are written the way such operators are written — by hand, over `Observable.create`.
public enum Mutants {
    /// combineLatest that emits as soon as any source has a value, using 0 for the missing one.
    public static func combineLatestEmitsEarly(_ a: Observable<Int>, _ b: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var latest: [Int?] = [nil, nil]
            var done = [false, false]
            let composite = CompositeDisposable()
            for (index, source) in [a, b].enumerated() {
                composite.insert(source.subscribe { event in
                    switch event {
                    case .next(let value):
                        latest[index] = value
                        observer.onNext((latest[0] ?? 0) * 10 + (latest[1] ?? 0))   // bug: no "all have values" check
                    case .error(let error): observer.onError(error)
                    case .completed:
                        done[index] = true
                        if done.allSatisfy({ $0 }) { observer.onCompleted() }
                    }
                })
            }
            return composite
        }
    }

    /// combineLatest that completes when the first of its sources completes.
    public static func combineLatestCompletesOnFirst(_ a: Observable<Int>, _ b: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var latest: [Int?] = [nil, nil]
            let composite = CompositeDisposable()
            for (index, source) in [a, b].enumerated() {
                composite.insert(source.subscribe { event in
                    switch event {
                    case .next(let value):
                        latest[index] = value
                        if let x = latest[0], let y = latest[1] { observer.onNext(x * 10 + y) }
                    case .error(let error): observer.onError(error)
                    case .completed: observer.onCompleted()   // bug: should wait for every source
                    }
                })
            }
            return composite
        }
    }

    /// withLatestFrom that completes when the second source completes.
    public static func withLatestFromCompletesOnSecond(_ first: Observable<Int>, _ second: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var latest: Int?
            let secondSubscription = second.subscribe { event in
                switch event {
                case .next(let value): latest = value
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()   // bug: second's completion is not forwarded in RxSwift
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

    /// withLatestFrom that keeps the first value of the second source forever.
    public static func withLatestFromStale(_ first: Observable<Int>, _ second: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var latest: Int?
            let secondSubscription = second.subscribe { event in
                switch event {
                case .next(let value): if latest == nil { latest = value }   // bug: never updated again
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

    /// withLatestFrom that subscribes `first` before `second`, so cold ties go the wrong way.
    public static func withLatestFromWrongOrder(_ first: Observable<Int>, _ second: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var latest: Int?
            let firstSubscription = first.subscribe { event in   // bug: RxSwift subscribes second first
                switch event {
                case .next: if let latest { observer.onNext(latest) }
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
            let secondSubscription = second.subscribe { event in
                switch event {
                case .next(let value): latest = value
                case .error(let error): observer.onError(error)
                case .completed: break
                }
            }
            return Disposables.create(firstSubscription, secondSubscription)
        }
    }

    /// zip that refuses to complete while a buffer still holds values.
    public static func zipWaitsForEmptyBuffers(_ a: Observable<Int>, _ b: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var queues: [[Int]] = [[], []]
            var done = [false, false]
            let composite = CompositeDisposable()
            for (index, source) in [a, b].enumerated() {
                composite.insert(source.subscribe { event in
                    switch event {
                    case .next(let value):
                        queues[index].append(value)
                        if !queues[0].isEmpty && !queues[1].isEmpty {
                            observer.onNext(queues[0].removeFirst() * 10 + queues[1].removeFirst())
                        }
                    case .error(let error): observer.onError(error)
                    case .completed:
                        done[index] = true
                        // bug: leftovers in a buffer block the completion
                        if done.allSatisfy({ $0 }) && queues.allSatisfy(\.isEmpty) { observer.onCompleted() }
                    }
                })
            }
            return composite
        }
    }

    /// zip that completes as soon as a completed source has an empty queue (RxJS's rule, not RxSwift's).
    public static func zipCompletesEarly(_ a: Observable<Int>, _ b: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var queues: [[Int]] = [[], []]
            var done = [false, false]
            let composite = CompositeDisposable()
            for (index, source) in [a, b].enumerated() {
                composite.insert(source.subscribe { event in
                    switch event {
                    case .next(let value):
                        queues[index].append(value)
                        if !queues[0].isEmpty && !queues[1].isEmpty {
                            observer.onNext(queues[0].removeFirst() * 10 + queues[1].removeFirst())
                        }
                        if (0..<2).contains(where: { done[$0] && queues[$0].isEmpty }) { observer.onCompleted() }
                    case .error(let error): observer.onError(error)
                    case .completed:
                        done[index] = true
                        if queues[index].isEmpty || done.allSatisfy({ $0 }) { observer.onCompleted() }   // bug
                    }
                })
            }
            return composite
        }
    }

    /// switchLatest that never unsubscribes the previous inner, so it keeps forwarding it.
    public static func switchLatestKeepsOldInner(_ outer: Observable<Observable<Int>>) -> Observable<Int> {
        Observable.create { observer in
            let composite = CompositeDisposable()
            var outerDone = false
            var liveInners = 0
            // Each subscription released as it ends, as switchLatest does: only the bug differs.
            let outerSubscription = SingleAssignmentDisposable()
            composite.insert(outerSubscription)
            outerSubscription.setDisposable(outer.subscribe { event in
                switch event {
                case .next(let inner):
                    liveInners += 1
                    // bug: the previous inner is neither disposed nor ignored
                    let innerSubscription = SingleAssignmentDisposable()
                    composite.insert(innerSubscription)
                    innerSubscription.setDisposable(inner.subscribe { event in
                        switch event {
                        case .next(let value): observer.onNext(value)
                        case .error(let error): observer.onError(error)
                        case .completed:
                            innerSubscription.dispose()
                            liveInners -= 1
                            if outerDone && liveInners == 0 { observer.onCompleted() }
                        }
                    })
                case .error(let error): observer.onError(error)
                case .completed:
                    outerDone = true
                    outerSubscription.dispose()
                    if liveInners == 0 { observer.onCompleted() }
                }
            })
            return composite
        }
    }

    /// switchLatest that completes when the outer completes, even with a live inner.
    public static func switchLatestCompletesEarly(_ outer: Observable<Observable<Int>>) -> Observable<Int> {
        Observable.create { observer in
            let innerSubscription = SerialDisposable()
            let outerSubscription = SingleAssignmentDisposable()
            outerSubscription.setDisposable(outer.subscribe { event in
                switch event {
                case .next(let inner):
                    let subscription = SingleAssignmentDisposable()
                    innerSubscription.disposable = subscription   // the previous one goes first
                    subscription.setDisposable(inner.subscribe { event in
                        switch event {
                        case .next(let value): observer.onNext(value)
                        case .error(let error): observer.onError(error)
                        case .completed: subscription.dispose()
                        }
                    })
                case .error(let error): observer.onError(error)
                case .completed:
                    outerSubscription.dispose()
                    observer.onCompleted()   // bug: should wait for the live inner
                }
            })
            return Disposables.create(outerSubscription, innerSubscription)
        }
    }

    /// sample that re-emits the last value on every sampler tick.
    public static func sampleRepeats(_ source: Observable<Int>, _ sampler: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var latest: Int?
            var sourceDone = false
            let sourceSubscription = source.subscribe { event in
                switch event {
                case .next(let value): latest = value
                case .error(let error): observer.onError(error)
                case .completed: sourceDone = true
                }
            }
            let samplerSubscription = sampler.subscribe { event in
                switch event {
                case .next, .completed:
                    if let latest { observer.onNext(latest) }   // bug: the value is not cleared once sampled
                    if sourceDone { observer.onCompleted() }
                case .error(let error): observer.onError(error)
                }
            }
            return Disposables.create(sourceSubscription, samplerSubscription)
        }
    }

    /// sample that completes as soon as the source completes (RxJS's rule, not RxSwift's).
    public static func sampleCompletesWithSource(_ source: Observable<Int>, _ sampler: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var pending: Int?
            let sourceSubscription = source.subscribe { event in
                switch event {
                case .next(let value): pending = value
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()   // bug
                }
            }
            let samplerSubscription = sampler.subscribe { event in
                switch event {
                case .next, .completed:
                    if let value = pending { pending = nil; observer.onNext(value) }
                case .error(let error): observer.onError(error)
                }
            }
            return Disposables.create(sourceSubscription, samplerSubscription)
        }
    }

    /// take(until:) that leaves `other` subscribed when the source terminates.
    public static func takeUntilLeaksOther(_ source: Observable<Int>, _ other: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            _ = other.subscribe { event in   // bug: this subscription is never disposed
                switch event {
                case .next: observer.onCompleted()
                case .error(let error): observer.onError(error)
                case .completed: break
                }
            }
            return source.subscribe(observer)
        }
    }

    /// startWith that emits its prefix with the first source event instead of at subscription.
    public static func startWithLate(_ source: Observable<Int>, _ prefix: Int) -> Observable<Int> {
        Observable.create { observer in
            var emitted = false
            return source.subscribe { event in
                if !emitted {
                    emitted = true
                    observer.onNext(prefix)   // bug: should happen at subscribe time
                }
                observer.on(event)
            }
        }
    }

    /// distinctUntilChanged that compares with the first element instead of the last emitted.
    public static func distinctComparesWithFirst(_ source: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var first: Int?
            return source.subscribe { event in
                switch event {
                case .next(let value):
                    if let first, first == value { return }   // bug: reference never moves
                    if first == nil { first = value }
                    observer.onNext(value)
                default: observer.on(event)
                }
            }
        }
    }

    /// merge that completes when any one source completes.
    public static func mergeCompletesOnFirst(_ sources: [Observable<Int>]) -> Observable<Int> {
        Observable.create { observer in
            let composite = CompositeDisposable()
            for source in sources { composite.insert(source.subscribe(observer)) }   // bug: forwards every completion
            if sources.isEmpty { observer.onCompleted() }
            return composite
        }
    }

    /// map written as a raw producer whose subscription ignores dispose: events keep coming
    /// after the subscriber left.
    public static func mapIgnoresDispose(_ source: Observable<Int>) -> Observable<Int> {
        LeakyMap(source: source)
    }

    /// take(n) that completes after n elements but never disposes its source.
    public static func takeNeverDisposes(_ source: Observable<Int>, _ count: Int) -> Observable<Int> {
        Observable.create { observer in
            var remaining = count
            if remaining == 0 { observer.onCompleted() }
            _ = source.subscribe { event in   // bug: kept alive after the output ended
                guard remaining > 0 else { return }
                switch event {
                case .next(let value):
                    remaining -= 1
                    observer.onNext(value)
                    if remaining == 0 { observer.onCompleted() }
                default: observer.on(event)
                }
            }
            return Disposables.create()
        }
    }

    /// take(0) that still subscribes its source (and drops it at once).
    public static func takeZeroSubscribes(_ source: Observable<Int>, _ count: Int) -> Observable<Int> {
        guard count == 0 else { return source.take(count) }
        return Observable.create { observer in
            let subscription = source.subscribe { _ in }   // bug: take(0) must not subscribe at all
            observer.onCompleted()
            return subscription
        }
    }

    /// concat that subscribes every source at once (a merge in disguise).
    public static func concatSubscribesEagerly(_ sources: [Observable<Int>]) -> Observable<Int> {
        Observable.create { observer in
            guard !sources.isEmpty else {
                observer.onCompleted()
                return Disposables.create()
            }
            var current = 0
            let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
            for (index, source) in sources.enumerated() {   // bug: every source at once
                subscriptions[index].setDisposable(source.subscribe(AnyObserver { event in
                    guard index == current else { return }
                    guard case .completed = event else { return observer.on(event) }
                    current += 1
                    if current == sources.count { observer.onCompleted() } else { subscriptions[index].dispose() }
                }))
            }
            return Disposables.create(subscriptions)
        }
    }

    /// amb that never unsubscribes the losing sources.
    public static func ambKeepsLosers(_ sources: [Observable<Int>]) -> Observable<Int> {
        Observable.create { observer in
            var winner: Int?
            let composite = CompositeDisposable()
            for (index, source) in sources.enumerated() {
                composite.insert(source.subscribe { event in
                    if winner == nil { winner = index }   // bug: losers stay subscribed
                    if winner == index { observer.on(event) }
                })
            }
            return composite
        }
    }

    /// skip(n) with an off-by-one: drops n + 1 elements.
    public static func skipOffByOne(_ source: Observable<Int>, _ count: Int) -> Observable<Int> {
        source.skip(count + 1)
    }

    /// merge(maxConcurrent:) that ignores its limit.
    public static func mergeIgnoresLimit(_ outer: Observable<Observable<Int>>) -> Observable<Int> {
        outer.merge()
    }

    /// flatMap that disposes the previous inner when a new one arrives (flatMapLatest by mistake).
    public static func flatMapSwitches(_ outer: Observable<Int>, _ inner: @escaping (Int) -> Observable<Int>) -> Observable<Int> {
        outer.flatMapLatest(inner)
    }

    /// timer(0) that fires at the subscribe tick instead of the next one.
    public static func timerZeroFiresImmediately(_ dueTicks: Int, _ scheduler: TestScheduler) -> Observable<Int> {
        dueTicks == 0 ? Observable.just(0) : Observable<Int>.timer(.seconds(dueTicks), scheduler: scheduler)
    }
}


/// A hand-written operator that skips the usual sink: nothing guards delivery after dispose.
public final class LeakyMap: Observable<Int> {
    private let source: Observable<Int>
    public init(source: Observable<Int>) { self.source = source }

    public override func run(_ observer: AnyObserver<Int>) -> Disposable {
        _ = source.subscribe { event in observer.on(event.map { $0 * 3 + 1 }) }
        return Disposables.create()   // bug: the upstream subscription is dropped, never disposed
    }
}
