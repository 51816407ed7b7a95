import RxCore
import RxTestKit

/// Operators that forget what their observer can do while an event is being delivered: dispose
/// (then nothing more may reach it) or send an element back in (then the operator's state must
/// already say the delivered element happened).
extension Mutants {
    /// take(until:behavior: .inclusive) that marks itself finished only after forwarding the
    /// last element: one fed back meanwhile is forwarded too.
    public static func takeUntilForwardsFedBack(_ source: Observable<Int>, _ predicate: @escaping (Int) -> Bool) -> Observable<Int> {
        Observable.create { observer in
            var running = true
            return source.subscribe { event in
                guard running else { return }
                switch event {
                case .next(let value):
                    if predicate(value) {
                        observer.onNext(value)
                        running = false   // bug: too late for an element fed back by onNext
                        observer.onCompleted()
                    } else {
                        observer.onNext(value)
                    }
                case .error, .completed: observer.on(event)
                }
            }
        }
    }

    /// take(n) that counts an element only after forwarding it.
    public static func takeCountsAfterForwarding(_ source: Observable<Int>, _ count: Int) -> Observable<Int> {
        Observable.create { observer in
            var taken = 0
            if count == 0 {
                observer.onCompleted()
                return Disposables.create()
            }
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(source.subscribe { event in
                guard taken < count else { return }
                switch event {
                case .next(let value):
                    observer.onNext(value)
                    taken += 1   // bug: an element fed back by onNext still finds room
                    if taken == count {
                        observer.onCompleted()
                        subscription.dispose()
                    }
                case .error, .completed: observer.on(event)
                }
            })
            return subscription
        }
    }
}

/// One-shot timer that hands its events straight to the observer: an observer disposing on the
/// element still gets the completion.
public final class TimerCompletingAfterDispose: Observable<Int> {
    private let due: RxTimeInterval
    private let scheduler: SchedulerType

    public init(due: RxTimeInterval, scheduler: SchedulerType) {
        self.due = due
        self.scheduler = scheduler
    }

    public override func run(_ observer: AnyObserver<Int>) -> Disposable {
        scheduler.scheduleRelative((), dueTime: due) { _ in
            observer.onNext(0)
            observer.onCompleted()   // bug: the observer may have disposed on the element
            return Disposables.create()
        }
    }
}

/// delaySubscription that subscribes the raw observer: a synchronous source goes on delivering
/// after the observer disposed on its first element.
public final class DelaySubscriptionForwardingAfterDispose: Observable<Int> {
    private let source: Observable<Int>
    private let due: RxTimeInterval
    private let scheduler: SchedulerType

    public init(source: Observable<Int>, due: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.due = due
        self.scheduler = scheduler
    }

    public override func run(_ observer: AnyObserver<Int>) -> Disposable {
        let source = self.source
        let subscription = SerialDisposable()
        subscription.disposable = scheduler.scheduleRelative((), dueTime: due) { _ in
            source.subscribe(observer)   // bug: nothing stops delivery once disposed
        }
        return subscription
    }
}

/// Operators that leave a timer armed after their output ended: nothing shows in the output,
/// but the action still runs, holding resources and time.
extension Mutants {
    /// debounce that cancels its timer when disposed but not when it completes: after flushing
    /// the pending element at the completion, the timer still runs and finds nothing to emit.
    public static func debounceLeavesTimerArmed(_ source: Observable<Int>, _ due: RxTimeInterval,
                                                _ scheduler: SchedulerType) -> Observable<Int> {
        Observable.create { observer in
            var pending: Int?
            var completed = false
            let timer = SerialDisposable()
            let subscription = source.subscribe { event in
                switch event {
                case .next(let value):
                    pending = value
                    let armed = SingleAssignmentDisposable()
                    timer.disposable = armed
                    armed.setDisposable(scheduler.scheduleRelative((), dueTime: due) { _ in
                        if !completed, let value = pending { pending = nil; observer.onNext(value) }
                        return Disposables.create()
                    })
                case .error(let error): observer.onError(error)
                case .completed:
                    completed = true   // bug: the armed timer is left to run
                    if let value = pending { observer.onNext(value) }
                    observer.onCompleted()
                }
            }
            return Disposables.create {
                subscription.dispose()
                if !completed { timer.dispose() }
            }
        }
    }

    /// timeout whose timer is not cancelled by the source's terminal or by dispose; when it
    /// fires it sees the output is over and does nothing.
    public static func timeoutLeavesTimerArmed(_ source: Observable<Int>, _ due: RxTimeInterval,
                                               _ scheduler: SchedulerType) -> Observable<Int> {
        Observable.create { observer in
            var ended = false
            var generation = 0
            func arm() {
                let armed = generation
                _ = scheduler.scheduleRelative((), dueTime: due) { _ in   // bug: never cancelled
                    if !ended && armed == generation {
                        ended = true
                        observer.onError(RxError.timeout)
                    }
                    return Disposables.create()
                }
            }
            arm()
            let subscription = source.subscribe { event in
                guard !ended else { return }
                if case .next = event {
                    generation += 1
                    observer.on(event)
                    arm()
                } else {
                    ended = true
                    observer.on(event)
                }
            }
            return Disposables.create {
                ended = true
                subscription.dispose()
            }
        }
    }
}

extension Mutants {
    /// merge() over inners that each guard against re-entrancy by dropping: an element an inner
    /// delivers while its previous one is still being delivered (the observer fed a value back
    /// into it) is lost instead of coming out depth-first.
    public static func mergeDropsReentrantInnerElements(_ outer: Observable<Int>,
                                                        inner: @escaping (Int) -> Observable<Int>) -> Observable<Int> {
        outer.map { DroppingReentrantElements(inner($0)) as Observable<Int> }.merge()
    }
}

/// Forwards a sequence unchanged, except an element arriving while the previous one of the same
/// subscription is still being forwarded: that one is dropped (the bug).
private final class DroppingReentrantElements: Observable<Int> {
    private let source: Observable<Int>

    init(_ source: Observable<Int>) { self.source = source }

    override func run(_ observer: AnyObserver<Int>) -> Disposable {
        var delivering = false
        return source.subscribe(AnyObserver { event in
            guard case .next = event else { return observer.on(event) }
            if delivering { return }   // bug: dropped instead of forwarded
            delivering = true
            observer.on(event)
            delivering = false
        })
    }
}

extension Mutants {
    /// withLatestFrom that ignores the second source while it is delivering a pair, as a guard
    /// against re-entrancy: a value the observer sends into the second source meanwhile is lost,
    /// and the next element of the first is paired with the older one.
    public static func withLatestFromDropsReentrantSecond(_ first: Observable<Int>, _ second: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var latest: Int?
            var delivering = false
            let secondSubscription = second.subscribe { event in
                switch event {
                case .next(let value): if !delivering { latest = value }   // bug: drops a re-entrant value
                case .error(let error): observer.onError(error)
                case .completed: break
                }
            }
            let firstSubscription = first.subscribe { event in
                switch event {
                case .next:
                    guard let latest else { return }
                    delivering = true
                    observer.onNext(latest)
                    delivering = false
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
            return Disposables.create(secondSubscription, firstSubscription)
        }
    }
}
