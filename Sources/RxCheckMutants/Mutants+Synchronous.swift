import RxCore
import RxTestKit

/// Operators that forget a source can deliver — even end the output — inside its subscribe
/// call. Invisible while every source is a test source, which never delivers during subscribe.
extension Mutants {
    /// combineLatest that stops subscribing once an earlier source ended the output inside its
    /// subscribe call; RxSwift subscribes the rest and disposes them at once.
    public static func combineLatestSkipsLateSources(_ a: Observable<Int>, _ b: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var latest: [Int?] = [nil, nil]
            var done = [false, false]
            var ended = false
            let composite = CompositeDisposable()
            for (index, source) in [a, b].enumerated() {
                guard !ended else { break }   // bug: the later source is never subscribed
                composite.insert(source.subscribe { event in
                    guard !ended else { return }
                    switch event {
                    case .next(let value):
                        latest[index] = value
                        if let x = latest[0], let y = latest[1] {
                            observer.onNext(x * 10 + y)
                        } else if done[1 - index] {
                            ended = true
                            observer.onCompleted()
                        }
                    case .error(let error):
                        ended = true
                        observer.onError(error)
                    case .completed:
                        done[index] = true
                        if done.allSatisfy({ $0 }) {
                            ended = true
                            observer.onCompleted()
                        }
                    }
                })
            }
            return composite
        }
    }

    /// merge() that stops subscribing the inners a synchronous outer still sends after the output
    /// ended inside the subscribe call; RxSwift subscribes them and releases them when the call
    /// returns.
    public static func mergeSkipsInnersAfterTheEnd(_ outer: Observable<Observable<Int>>) -> Observable<Int> {
        Observable.create { observer in
            let composite = CompositeDisposable()
            var active = 0
            var outerDone = false
            var ended = false
            // Each subscription released as it completes, as merge does: only the bug differs.
            let outerSubscription = SingleAssignmentDisposable()
            composite.insert(outerSubscription)
            outerSubscription.setDisposable(outer.subscribe { event in
                switch event {
                case .next(let inner):
                    guard !ended else { return }   // bug: the late inner is never subscribed
                    active += 1
                    let innerSubscription = SingleAssignmentDisposable()
                    composite.insert(innerSubscription)
                    innerSubscription.setDisposable(inner.subscribe { event in
                        switch event {
                        case .next(let value): observer.onNext(value)
                        case .error(let error):
                            ended = true
                            observer.onError(error)
                        case .completed:
                            innerSubscription.dispose()
                            active -= 1
                            if outerDone && active == 0 { observer.onCompleted() }
                        }
                    })
                case .error(let error):
                    ended = true
                    observer.onError(error)
                case .completed:
                    outerDone = true
                    outerSubscription.dispose()
                    if active == 0 { observer.onCompleted() }
                }
            })
            return composite
        }
    }

    /// ifEmpty(switchTo:) holding both subscriptions in one serial slot: a source completing
    /// inside its subscribe call stores `other`'s subscription, then overwrites it with its own.
    public static func ifEmptyOverwritesOther(_ source: Observable<Int>, _ other: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var empty = true
            let current = SerialDisposable()
            current.disposable = source.subscribe { event in   // bug: assigned after `other`'s
                switch event {
                case .next(let value):
                    empty = false
                    observer.onNext(value)
                case .error(let error): observer.onError(error)
                case .completed:
                    if empty { current.disposable = other.subscribe(observer) } else { observer.onCompleted() }
                }
            }
            return current
        }
    }

    /// catch(sequence:) with the same overwritten serial slot.
    public static func catchSequenceOverwritesNext(_ sources: [Observable<Int>]) -> Observable<Int> {
        Observable.create { observer in
            let current = SerialDisposable()
            func subscribe(_ index: Int) {
                guard index < sources.count else { return observer.onCompleted() }
                current.disposable = sources[index].subscribe { event in   // bug: assigned after the next one's
                    if case .error = event, index + 1 < sources.count {
                        subscribe(index + 1)
                    } else {
                        observer.on(event)
                    }
                }
            }
            subscribe(0)
            return current
        }
    }

    /// skip(until:) that forgets the output ended silently when the source completed with the
    /// gate closed, and forwards an error `other` sends afterwards.
    public static func skipUntilForwardsAfterSilentEnd(_ source: Observable<Int>, _ other: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var open = false
            let otherSubscription = SingleAssignmentDisposable()
            let sourceSubscription = source.subscribe { event in
                switch event {
                case .next(let value): if open { observer.onNext(value) }
                case .error(let error): observer.onError(error)
                case .completed:
                    if open { observer.onCompleted() } else { otherSubscription.dispose() }
                }
            }
            otherSubscription.setDisposable(other.subscribe { event in
                switch event {
                case .next:
                    open = true
                    otherSubscription.dispose()
                case .error(let error): observer.onError(error)   // bug: even after the silent end
                case .completed: otherSubscription.dispose()
                }
            })
            return Disposables.create(sourceSubscription, otherSubscription)
        }
    }

    /// amb that stops subscribing once a source won and ended the output inside its subscribe
    /// call; RxSwift subscribes the losers and disposes them at once.
    public static func ambSkipsLateLosers(_ sources: [Observable<Int>]) -> Observable<Int> {
        Observable.create { observer in
            var winner: Int?
            var ended = false
            let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
            for (index, source) in sources.enumerated() {
                guard !ended else { break }   // bug: the losers are never subscribed
                subscriptions[index].setDisposable(source.subscribe { event in
                    if winner == nil {
                        winner = index
                        for (other, subscription) in subscriptions.enumerated() where other != index { subscription.dispose() }
                    }
                    guard winner == index else { return }
                    if event.isStopEvent { ended = true }
                    observer.on(event)
                })
            }
            return Disposables.create(subscriptions)
        }
    }
}

extension Mutants {
    /// concat() that subscribes the next queued inner from inside the previous one's completion:
    /// behind one inner that waits, every synchronous inner adds a level of recursion.
    public static func concatRecursesPerInner(_ outer: Observable<Observable<Int>>) -> Observable<Int> {
        Observable.create { observer in
            var queue: [Observable<Int>] = []
            var queueHead = 0
            var active = false
            var outerDone = false
            let composite = CompositeDisposable()
            func subscribeNext() {
                guard !composite.isDisposed else { return }
                guard queueHead < queue.count else {
                    active = false
                    if outerDone { observer.onCompleted() }
                    return
                }
                active = true
                let inner = queue[queueHead]
                queueHead += 1
                let subscription = SingleAssignmentDisposable()
                _ = composite.insert(subscription)
                subscription.setDisposable(inner.subscribe { event in
                    switch event {
                    case .next(let value): observer.onNext(value)
                    case .error(let error): observer.onError(error)
                    case .completed:
                        subscription.dispose()   // released as it ends, as concat() does
                        subscribeNext()   // bug: one stack level per synchronous inner
                    }
                })
            }
            let outerSubscription = SingleAssignmentDisposable()
            _ = composite.insert(outerSubscription)
            outerSubscription.setDisposable(outer.subscribe { event in
                switch event {
                case .next(let inner):
                    queue.append(inner)
                    if !active { subscribeNext() }
                case .error(let error): observer.onError(error)
                case .completed:
                    outerDone = true
                    outerSubscription.dispose()
                    if !active { observer.onCompleted() }
                }
            })
            return composite
        }
    }
}

extension Mutants {
    /// switchLatest that, after the output ended inside a synchronous outer's subscribe call,
    /// still subscribes the inners the outer goes on sending — and keeps them.
    public static func switchLatestKeepsInnersAfterTheEnd(_ outer: Observable<Observable<Int>>) -> Observable<Int> {
        Observable.create { observer in
            let inners = CompositeDisposable()
            let current = SerialDisposable()
            var latest = 0
            var outerDone = false
            var innerLive = false
            // An outer or inner that ends is released then, as switchLatest does: only the bug differs.
            let outerSubscription = SingleAssignmentDisposable()
            outerSubscription.setDisposable(outer.subscribe { event in
                switch event {
                case .next(let inner):
                    latest += 1
                    let id = latest
                    innerLive = true
                    let subscription = SingleAssignmentDisposable()
                    subscription.setDisposable(inner.subscribe { event in
                        guard id == latest else { return }
                        switch event {
                        case .next(let value): observer.onNext(value)
                        case .error(let error): observer.onError(error)
                        case .completed:
                            subscription.dispose()
                            innerLive = false
                            if outerDone { observer.onCompleted() }
                        }
                    })
                    current.disposable = subscription
                    inners.insert(subscription)   // bug: also kept here, never released
                case .error(let error): observer.onError(error)
                case .completed:
                    outerDone = true
                    outerSubscription.dispose()
                    if !innerLive { observer.onCompleted() }
                }
            })
            return Disposables.create(outerSubscription, current)
        }
    }

    /// take(n) that releases its source from its event handler through the handle subscribe
    /// returns, and so skips the release in its own dispose once done: done inside the subscribe
    /// call (a BehaviorSubject's current element) the handle is not there yet, and the source
    /// stays subscribed. A synchronous source ends itself there, so its log cannot show it.
    public static func takeLeaksSourceDoneInsideSubscribe(_ source: Observable<Int>, _ count: Int) -> Observable<Int> {
        guard count > 0 else { return Observable.empty() }
        return Observable.create { observer in
            var remaining = count
            var done = false
            var subscription: Disposable?
            subscription = source.subscribe { event in
                guard !done else { return }
                switch event {
                case .next(let value):
                    remaining -= 1
                    done = remaining == 0
                    observer.onNext(value)
                    guard done else { return }
                    observer.onCompleted()
                    subscription?.dispose()   // bug: nil inside the subscribe call
                case .error(let error):
                    done = true
                    observer.onError(error)
                case .completed:
                    done = true
                    observer.onCompleted()
                }
            }
            return Disposables.create { if !done { subscription?.dispose() } }
        }
    }
}

extension Mutants {
    /// startWith that emits its prefix by recursion, one stack level per element: the same
    /// events, but a prefix of thousands takes the stack that deep.
    public static func startWithRecursesPerElement(_ source: Observable<Int>, _ prefix: [Int]) -> Observable<Int> {
        Observable.create { observer in
            var emitted = 0
            func emit(from index: Int) -> Disposable {
                guard index < prefix.count else { return source.subscribe(observer) }
                observer.onNext(prefix[index])
                let rest = emit(from: index + 1)   // bug: recursion per element
                emitted += 1                        // (work after the call: no loop in disguise)
                return rest
            }
            return emit(from: 0)
        }
    }
}
