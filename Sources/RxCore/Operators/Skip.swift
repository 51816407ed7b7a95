extension ObservableType {
    /// Drops the first `count` elements and forwards the rest; `count <= 0` passes everything.
    ///
    /// Completes / Errors: with the source.
    public func skip(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            return SkipSink(remaining: count, observer: observer).run(source)
        }
    }

    /// Drops the source's elements for `duration` after subscription, then mirrors it; its
    /// terminal is always forwarded. The timer is armed before the source is subscribed, so an
    /// element at exactly `duration` arrives first and is dropped.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            var open = false
            let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
                open = true
                return Disposables.create()
            }
            let subscription = source.subscribe { event in
                switch event {
                case .next(let value): if open { observer.onNext(value) }
                default: observer.on(event)
                }
            }
            return Disposables.create(timer, subscription)
        }
    }

    /// RxSwift's spelling of `skip(for:scheduler:)`: the time form takes no label.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(for: duration, scheduler: scheduler)
    }
}

private final class SkipSink<Element>: UnarySink<Element, Element> {
    private var remaining: Int

    init(remaining: Int, observer: AnyObserver<Element>) {
        self.remaining = remaining
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if remaining > 0 {
                remaining -= 1
            } else {
                forwardNext(value)
            }
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }
}
