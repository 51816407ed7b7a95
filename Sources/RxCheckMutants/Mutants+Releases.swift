import RxCore
import RxTestKit

/// Operators that let go of a finished subscription at the wrong moment: every timeline and
/// every subscription log is right (a source's log ends at its own terminal), and only the
/// releases in the ordered log of operations show the bug (SEMANTICS 1.4).
extension Mutants {
    /// concat that subscribes the next source before it releases the one that completed.
    public static func concatSubscribesBeforeReleasing(_ sources: [Observable<Int>]) -> Observable<Int> {
        inTurnSubscribingBeforeReleasing(sources, movesOn: InTurnMove.atCompletion.movesOn)
    }

    /// merge of a list that, when its last source completes, completes before it releases that
    /// source.
    public static func mergeCompletesBeforeReleasingTheLast(_ sources: [Observable<Int>]) -> Observable<Int> {
        Observable.create { observer in
            let group = CompositeDisposable()
            var remaining = sources.count
            var subscribing = true
            for source in sources {
                let subscription = SingleAssignmentDisposable()
                _ = group.insert(subscription)
                subscription.setDisposable(source.subscribe { event in
                    switch event {
                    case .next(let value): observer.onNext(value)
                    case .error(let error): observer.onError(error)
                    case .completed:
                        remaining -= 1
                        if remaining == 0 && !subscribing { observer.onCompleted() }   // bug: before the release below
                        subscription.dispose()
                    }
                })
            }
            subscribing = false
            if remaining == 0 { observer.onCompleted() }
            return group
        }
    }

    /// catch(sequence:) that subscribes the next source before it releases the one that failed.
    public static func catchSequenceSubscribesBeforeReleasing(_ sources: [Observable<Int>]) -> Observable<Int> {
        inTurnSubscribingBeforeReleasing(sources, movesOn: InTurnMove.atErrorBeforeTheLast.movesOn)
    }

    /// When an operator going through its sources in turn moves to the next one.
    enum InTurnMove {
        /// At a completion (concat).
        case atCompletion
        /// At an error of any source but the last (catch(sequence:)).
        case atErrorBeforeTheLast

        /// Whether `event`, from a source that is the last one or not, moves on.
        func movesOn(_ event: Event<Int>, isLast: Bool) -> Bool {
            switch self {
            case .atCompletion: return event.isCompleted
            case .atErrorBeforeTheLast:
                if case .error = event { return !isLast }
                return false
            }
        }
    }

    /// The sources one after another, in a loop: an event `movesOn` picks (given whether its
    /// source is the last) moves to the next source, any other is forwarded; after the last
    /// the output completes.
    private static func inTurnSubscribingBeforeReleasing(_ sources: [Observable<Int>],
                                                         movesOn: @escaping (Event<Int>, Bool) -> Bool) -> Observable<Int> {
        Observable.create { observer in
            let current = SerialDisposable()
            var index = 0
            var subscribing = false
            var movedWhileSubscribing = false
            func subscribeNext() {
                repeat {
                    movedWhileSubscribing = false
                    guard !current.isDisposed else { return }
                    guard index < sources.count else { return observer.onCompleted() }
                    let source = sources[index]
                    index += 1
                    let isLast = index == sources.count
                    let subscription = SingleAssignmentDisposable()
                    subscribing = true
                    subscription.setDisposable(source.subscribe(AnyObserver { event in
                        guard movesOn(event, isLast) else { return observer.on(event) }
                        if subscribing { movedWhileSubscribing = true } else { subscribeNext() }
                    }))
                    subscribing = false
                    current.disposable = subscription   // bug: …which releases the previous one only now
                } while movedWhileSubscribing
            }
            subscribeNext()
            return current
        }
    }

    /// retry that subscribes the next attempt before it releases the one that failed.
    public static func retrySubscribesBeforeReleasing(_ source: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            let current = SerialDisposable()
            var subscribing = false
            var failedWhileSubscribing = false
            func attempt() {
                repeat {
                    failedWhileSubscribing = false
                    guard !current.isDisposed else { return }
                    let subscription = SingleAssignmentDisposable()
                    subscribing = true
                    subscription.setDisposable(source.subscribe(AnyObserver { event in
                        guard case .error = event else { return observer.on(event) }
                        if subscribing { failedWhileSubscribing = true } else { attempt() }
                    }))
                    subscribing = false
                    // bug: the failed attempt is released after the next one is subscribed
                    current.disposable = subscription   // …which releases the previous one only now
                } while failedWhileSubscribing
            }
            attempt()
            return current
        }
    }

    /// catch that releases the failed source before it subscribes the fallback (RxSwift
    /// subscribes the fallback first, then puts it in the failed one's place).
    public static func catchReleasesBeforeSubscribingFallback(_ source: Observable<Int>, _ fallback: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            let current = SerialDisposable()
            let first = SingleAssignmentDisposable()
            current.disposable = first
            first.setDisposable(source.subscribe(AnyObserver { event in
                guard case .error = event else { return observer.on(event) }
                let next = SingleAssignmentDisposable()
                current.disposable = next   // bug: releases the failed source first
                next.setDisposable(fallback.subscribe(observer))
            }))
            return current
        }
    }

    /// timeout(other:) that disposes the source before it subscribes `other` (RxSwift subscribes
    /// other first and puts it in the source's place).
    public static func timeoutDisposesBeforeSubscribingOther(_ source: Observable<Int>, _ due: RxTimeInterval, other: Observable<Int>,
                                                             scheduler: SchedulerType) -> Observable<Int> {
        Observable.create { observer in
            let current = SerialDisposable()
            let timer = SerialDisposable()
            var generation = 0
            var switched = false
            func arm() {
                generation += 1
                let armed = generation
                timer.disposable = scheduler.scheduleRelative((), dueTime: due) { _ in
                    guard armed == generation, !switched else { return Disposables.create() }
                    switched = true
                    let next = SingleAssignmentDisposable()
                    current.disposable = next   // bug: the source goes before other is subscribed
                    next.setDisposable(other.subscribe(observer))
                    return Disposables.create()
                }
            }
            arm()
            let first = SingleAssignmentDisposable()
            current.disposable = first
            first.setDisposable(source.subscribe(AnyObserver { event in
                guard !switched else { return }
                observer.on(event)
                if case .next = event { arm() } else { timer.dispose() }
            }))
            return Disposables.create(current, timer)
        }
    }

    /// switchLatest that forwards the completion of the inner that ends the output before it
    /// releases that inner (RxSwift releases an inner as soon as it ends, then forwards).
    public static func switchLatestForwardsBeforeReleasingTheLastInner(_ outer: Observable<Observable<Int>>) -> Observable<Int> {
        Observable.create { observer in
            let outerSubscription = SingleAssignmentDisposable()
            let inner = SerialDisposable()
            var latest = 0
            var innerLive = false
            var outerDone = false
            outerSubscription.setDisposable(outer.subscribe(AnyObserver { event in
                switch event {
                case .next(let source):
                    latest += 1
                    let id = latest
                    innerLive = true
                    let subscription = SingleAssignmentDisposable()
                    inner.disposable = subscription
                    subscription.setDisposable(source.subscribe(AnyObserver { event in
                        guard id == latest else { return }
                        switch event {
                        case .next, .error: observer.on(event)
                        case .completed:
                            innerLive = false
                            if outerDone {
                                observer.onCompleted()   // bug: forwarded before the inner is released
                                subscription.dispose()
                            } else {
                                subscription.dispose()
                            }
                        }
                    }))
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    outerDone = true
                    outerSubscription.dispose()
                    if !innerLive { observer.onCompleted() }
                }
            }))
            return Disposables.create(outerSubscription, inner)
        }
    }

    /// amb that releases the winner before it forwards the winner's terminal (RxSwift forwards
    /// first, then lets go).
    public static func ambReleasesWinnerBeforeItsTerminal(_ sources: [Observable<Int>]) -> Observable<Int> {
        Observable.create { observer in
            let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
            var winner: Int?
            for (index, source) in sources.enumerated() {
                subscriptions[index].setDisposable(source.subscribe(AnyObserver { event in
                    if winner == nil {
                        winner = index
                        for (other, subscription) in subscriptions.enumerated() where other != index { subscription.dispose() }
                    }
                    guard winner == index else { return }
                    if event.isStopEvent { subscriptions[index].dispose() }   // bug: released before forwarding
                    observer.on(event)
                }))
            }
            return Disposables.create(subscriptions)
        }
    }

    /// concatMap that forwards the completion of the last inner before it releases that inner
    /// (RxSwift releases a finished inner before anything else).
    public static func concatMapCompletesBeforeReleasingTheLastInner(_ outer: Observable<Int>, _ inner: @escaping (Int) -> Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            let outerSubscription = SingleAssignmentDisposable()
            let inners = CompositeDisposable()
            var queue: [Int] = []
            var queueHead = 0
            var active = false
            var outerDone = false
            var starting = false
            // Queued inners start in a loop, not by recursion, as concatMap's own do.
            func drain() {
                guard !starting else { return }
                starting = true
                while !active && queueHead < queue.count && !inners.isDisposed {
                    let value = queue[queueHead]
                    queueHead += 1
                    active = true
                    let subscription = SingleAssignmentDisposable()
                    _ = inners.insert(subscription)
                    subscription.setDisposable(inner(value).subscribe(AnyObserver { event in
                        guard case .completed = event else { return observer.on(event) }
                        active = false
                        if queueHead < queue.count {
                            subscription.dispose()
                            drain()
                        } else if outerDone {
                            observer.onCompleted()   // bug: forwarded before the inner is released
                            subscription.dispose()
                        } else {
                            subscription.dispose()
                        }
                    }))
                }
                starting = false
            }
            outerSubscription.setDisposable(outer.subscribe(AnyObserver { event in
                switch event {
                case .next(let value):
                    queue.append(value)
                    drain()
                case .error(let error): observer.onError(error)
                case .completed:
                    outerDone = true
                    outerSubscription.dispose()
                    if !active && queueHead == queue.count { observer.onCompleted() }
                }
            }))
            return Disposables.create(outerSubscription, inners)
        }
    }
}
