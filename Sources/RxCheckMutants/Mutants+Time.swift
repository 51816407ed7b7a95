import RxCore
import RxTestKit

/// Broken versions of the time, error, sharing and filtering operators.
extension Mutants {
    /// debounce that forgets the pending element when the source completes.
    public static func debounceDropsPendingOnCompletion(_ source: Observable<Int>, _ due: RxTimeInterval,
                                                        _ scheduler: SchedulerType) -> Observable<Int> {
        Observable.create { observer in
            var pending: Int?
            let timer = SerialDisposable()
            let subscription = source.subscribe { event in
                switch event {
                case .next(let value):
                    pending = value
                    timer.disposable = scheduler.scheduleRelative((), dueTime: due) { _ in
                        if let value = pending { pending = nil; observer.onNext(value) }
                        return Disposables.create()
                    }
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()   // bug: the pending element is lost
                }
            }
            return Disposables.create(subscription, timer)
        }
    }

    /// debounce that keeps the first element of a burst instead of the last.
    public static func debounceKeepsFirst(_ source: Observable<Int>, _ due: RxTimeInterval,
                                          _ scheduler: SchedulerType) -> Observable<Int> {
        Observable.create { observer in
            var pending: Int?
            let timer = SerialDisposable()
            let subscription = source.subscribe { event in
                switch event {
                case .next(let value):
                    if pending == nil { pending = value }   // bug: later elements do not replace it
                    timer.disposable = scheduler.scheduleRelative((), dueTime: due) { _ in
                        if let value = pending { pending = nil; observer.onNext(value) }
                        return Disposables.create()
                    }
                case .error(let error): observer.onError(error)
                case .completed:
                    if let value = pending { observer.onNext(value) }
                    observer.onCompleted()
                }
            }
            return Disposables.create(subscription, timer)
        }
    }

    /// throttle(latest: true) that holds back even the first element until the window ends.
    public static func throttleWithholdsFirst(_ source: Observable<Int>, _ due: RxTimeInterval,
                                              _ scheduler: SchedulerType) -> Observable<Int> {
        Observable.create { observer in
            var pending: Int?
            var done = false
            let timer = SerialDisposable()
            let subscription = source.subscribe { event in
                switch event {
                case .next(let value):
                    let waiting = pending != nil
                    pending = value   // bug: nothing is ever sent at once
                    if waiting { return }
                    timer.disposable = scheduler.scheduleRelative((), dueTime: due) { _ in
                        if let value = pending { pending = nil; observer.onNext(value) }
                        if done { observer.onCompleted() }
                        return Disposables.create()
                    }
                case .error(let error): observer.onError(error)
                case .completed: if pending != nil { done = true } else { observer.onCompleted() }
                }
            }
            return Disposables.create(subscription, timer)
        }
    }

    /// timeout that goes silent when the window passes instead of failing.
    public static func timeoutGoesSilent(_ source: Observable<Int>, _ due: RxTimeInterval,
                                         _ scheduler: SchedulerType) -> Observable<Int> {
        source.timeout(due, other: Observable<Int>.never(), scheduler: scheduler)   // bug: never instead of an error
    }

    /// delay that delivers events arriving at the same tick in reverse order.
    public static func delayReordersSameTick(_ source: Observable<Int>, _ due: RxTimeInterval,
                                             _ scheduler: TestScheduler) -> Observable<Int> {
        Observable.create { observer in
            var batch: [Event<Int>] = []
            var batchTick = -1
            let timers = CompositeDisposable()
            let subscription = source.subscribe { event in
                if case .error(let error) = event { return observer.onError(error) }
                if scheduler.clock != batchTick { batch = []; batchTick = scheduler.clock }
                batch.insert(event, at: 0)   // bug: the newest of a tick goes first
                let current = batch
                if current.count == 1 {
                    timers.insert(scheduler.scheduleRelative((), dueTime: due) { _ in
                        for (offset, event) in batch.enumerated() {
                            timers.insert(scheduler.scheduleRelativeTicks(offset) {
                                observer.on(event)
                                return Disposables.create()
                            })
                        }
                        return Disposables.create()
                    })
                }
            }
            return Disposables.create(subscription, timers)
        }
    }

    /// buffer that skips empty buffers when the span ends.
    public static func bufferSkipsEmpty(_ source: Observable<Int>, _ span: RxTimeInterval, _ count: Int,
                                        _ scheduler: SchedulerType) -> Observable<[Int]> {
        source.buffer(timeSpan: span, count: count, scheduler: scheduler).filter { !$0.isEmpty }   // bug
    }

    /// take(for:) that subscribes the source before arming its timer.
    public static func takeForArmsLate(_ source: Observable<Int>, _ duration: RxTimeInterval,
                                       _ scheduler: SchedulerType) -> Observable<Int> {
        Observable.create { observer in
            let subscription = source.subscribe(observer)   // bug: the source first
            let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
                observer.onCompleted()
                return Disposables.create()
            }
            return Disposables.create(timer, subscription)
        }
    }

    /// skip(for:) that subscribes the source before arming its timer.
    public static func skipForArmsLate(_ source: Observable<Int>, _ duration: RxTimeInterval,
                                       _ scheduler: SchedulerType) -> Observable<Int> {
        Observable.create { observer in
            var open = false
            let subscription = source.subscribe { event in   // bug: the source first
                if case .next(let value) = event { if open { observer.onNext(value) } } else { observer.on(event) }
            }
            let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
                open = true
                return Disposables.create()
            }
            return Disposables.create(timer, subscription)
        }
    }

    /// delaySubscription that subscribes at once and delays the events instead.
    public static func delaySubscriptionSubscribesAtOnce(_ source: Observable<Int>, _ due: RxTimeInterval,
                                                         _ scheduler: SchedulerType) -> Observable<Int> {
        source.delay(due, scheduler: scheduler)   // bug
    }

    /// catchAndReturn that emits the value but never completes.
    public static func catchAndReturnNeverCompletes(_ source: Observable<Int>, _ value: Int) -> Observable<Int> {
        source.catch { _ in Observable<Int>.never().startWith(value) }   // bug
    }

    /// retry(n) counting retries rather than attempts: n + 1 subscriptions (RxJS's reading).
    public static func retryOneTooMany(_ source: Observable<Int>, _ count: Int) -> Observable<Int> {
        source.retry(count + 1)   // bug
    }

    /// share(replay:scope: .forever) that, once the source has terminated, starts over for the
    /// next subscriber: a fresh subject and a new subscription to the source. Otherwise `.forever`
    /// (its replay outlives a disconnect).
    public static func shareForeverReconnects(_ source: Observable<Int>, _ replay: Int) -> Observable<Int> {
        var terminated = false
        func fresh() -> Observable<Int> {
            source.do(onError: { _ in terminated = true }, onCompleted: { terminated = true })
                .share(replay: replay, scope: .forever)
        }
        var shared = fresh()
        return Observable.create { observer in
            if terminated {
                terminated = false
                shared = fresh()   // bug: a terminated share starts a new connection
            }
            return shared.subscribe(observer)
        }
    }

    /// share(replay:scope: .forever) that drops its replay when the last subscriber leaves before
    /// the source terminated: the next subscriber reconnects to an empty buffer, as
    /// `.whileConnected` does. After a terminal it is `.forever` (replay and terminal, no
    /// reconnection).
    public static func shareForeverForgetsReplay(_ source: Observable<Int>, _ replay: Int) -> Observable<Int> {
        var terminated = false
        var live = 0
        func fresh() -> Observable<Int> {
            source.do(onError: { _ in terminated = true }, onCompleted: { terminated = true })
                .share(replay: replay, scope: .forever)
        }
        var shared = fresh()
        return Observable.create { observer in
            live += 1
            let subscription = shared.subscribe(observer)
            return Disposables.create {
                subscription.dispose()
                live -= 1
                if live == 0 && !terminated { shared = fresh() }   // bug: the replay goes with the connection
            }
        }
    }

    /// publish().refCount() that never disconnects when the last subscriber leaves.
    public static func refCountNeverDisconnects(_ source: Observable<Int>) -> Observable<Int> {
        let published = source.publish()
        var connected = false
        return Observable.create { observer in
            let subscription = published.subscribe(observer)
            if !connected {
                connected = true
                _ = published.connect()   // bug: the connection is never disposed
            }
            return subscription
        }
    }

    /// takeLast that emits the kept elements newest first.
    public static func takeLastReversed(_ source: Observable<Int>, _ count: Int) -> Observable<Int> {
        Observable.create { observer in
            var kept: [Int] = []
            return source.subscribe { event in
                switch event {
                case .next(let value):
                    kept.append(value)
                    if kept.count > count { kept.removeFirst() }
                case .error(let error): observer.onError(error)
                case .completed:
                    for value in kept.reversed() { observer.onNext(value) }   // bug
                    observer.onCompleted()
                }
            }
        }
    }

    /// reduce that emits what it has accumulated before forwarding an error.
    public static func reduceEmitsOnError(_ source: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var total = 1
            return source.subscribe { event in
                switch event {
                case .next(let value): total += value
                case .error(let error):
                    observer.onNext(total)   // bug
                    observer.onError(error)
                case .completed:
                    observer.onNext(total)
                    observer.onCompleted()
                }
            }
        }
    }

    /// element(at:) counting from one.
    public static func elementAtOffByOne(_ source: Observable<Int>, _ index: Int) -> Observable<Int> {
        source.element(at: index + 1)   // bug
    }

    /// ifEmpty(default:) that also emits the default when the source fails without elements.
    public static func ifEmptyDefaultOnError(_ source: Observable<Int>, _ value: Int) -> Observable<Int> {
        Observable.create { observer in
            var empty = true
            return source.subscribe { event in
                switch event {
                case .next(let element): empty = false; observer.onNext(element)
                case .error(let error):
                    if empty { observer.onNext(value) }   // bug
                    observer.onError(error)
                case .completed:
                    if empty { observer.onNext(value) }
                    observer.onCompleted()
                }
            }
        }
    }

    /// skip(until:) that completes when the source does even with the gate closed (RxJS's rule).
    public static func skipUntilCompletesClosed(_ source: Observable<Int>, _ other: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            var open = false
            let otherSubscription = SingleAssignmentDisposable()
            let sourceSubscription = source.subscribe { event in
                switch event {
                case .next(let value): if open { observer.onNext(value) }
                default: observer.on(event)   // bug: completion forwarded even while closed
                }
            }
            otherSubscription.setDisposable(other.subscribe { event in
                switch event {
                case .next: open = true; otherSubscription.dispose()
                case .error(let error): observer.onError(error)
                case .completed: otherSubscription.dispose()
                }
            })
            return Disposables.create(sourceSubscription, otherSubscription)
        }
    }

    /// materialize that lets the error through instead of turning it into an element.
    public static func materializeForwardsError(_ source: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            source.subscribe { event in
                switch event {
                case .next(let value): observer.onNext(value)
                case .error(let error): observer.onError(error)   // bug
                case .completed: observer.onNext(90); observer.onCompleted()
                }
            }
        }
    }

    /// flatMapFirst that switches to the newest inner instead of ignoring it.
    public static func flatMapFirstSwitches(_ outer: Observable<Int>, _ inner: @escaping (Int) -> Observable<Int>) -> Observable<Int> {
        outer.flatMapLatest(inner)   // bug
    }
}

/// take(n) written as a raw producer that stops the source through the handle `subscribe`
/// returns. A source that emits inside subscribe runs before that handle exists, so it is
/// never stopped: elements after the completion leak through. Hot and cold test sources never
/// show it — only synchronous ones do.
public final class TakeStoppingThroughHandle: Observable<Int> {
    private let source: Observable<Int>
    private let count: Int

    public init(source: Observable<Int>, count: Int) {
        self.source = source
        self.count = count
    }

    public override func run(_ observer: AnyObserver<Int>) -> Disposable {
        guard count > 0 else {
            observer.onCompleted()
            return Disposables.create()
        }
        var remaining = count
        var subscription: Disposable?
        subscription = source.subscribe { event in
            switch event {
            case .next(let value):
                observer.onNext(value)
                remaining -= 1
                if remaining == 0 {
                    observer.onCompleted()
                    subscription?.dispose()   // bug: nil while the source is still inside subscribe
                }
            default:
                if remaining > 0 { observer.on(event) }
            }
        }
        return subscription!
    }
}

/// takeLast written as a raw producer that flushes its kept elements in a loop without
/// checking whether the observer has disposed meanwhile: an observer that disposes inside
/// `onNext` still receives the rest.
public final class TakeLastIgnoringDisposal: Observable<Int> {
    private let source: Observable<Int>
    private let count: Int

    public init(source: Observable<Int>, count: Int) {
        self.source = source
        self.count = count
    }

    public override func run(_ observer: AnyObserver<Int>) -> Disposable {
        var kept: [Int] = []
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(source.subscribe { event in
            switch event {
            case .next(let value):
                kept.append(value)
                if kept.count > self.count { kept.removeFirst() }
            case .error(let error): observer.onError(error)
            case .completed:
                for value in kept { observer.onNext(value) }   // bug: no check for disposal in between
                observer.onCompleted()
            }
        })
        return subscription
    }
}


extension Mutants {
    /// observe(on:) that schedules every event on its own, so events of one tick all come out
    /// together one tick later; RxSwift delivers one per action, a tick apart.
    public static func observeOnSchedulesEachEvent(_ source: Observable<Int>, _ scheduler: SchedulerType) -> Observable<Int> {
        Observable.create { observer in
            let pending = CompositeDisposable()
            let subscription = source.subscribe { event in
                pending.insert(scheduler.schedule(event) { event in   // bug: no queue, no one-per-action drain
                    observer.on(event)
                    return Disposables.create()
                })
            }
            return Disposables.create(subscription, pending)
        }
    }
}
