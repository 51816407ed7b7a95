extension ObservableType {
    /// Mirrors the source as long as an element (or its subscription) is never more than
    /// `dueTime` ago. The first window starts at subscription; the timer is armed before the
    /// source is subscribed.
    ///
    /// Errors: `RxError.timeout` when a window passes empty, or the source's error.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timeout(dueTime, fallback: nil, scheduler: scheduler)
    }

    /// `timeout`, but when a window passes empty, subscribes `other` at that tick (then drops
    /// the source) and mirrors it to the end.
    public func timeout<Source: ObservableConvertibleType>(_ dueTime: RxTimeInterval, other: Source,
                                                scheduler: SchedulerType) -> Observable<Element>
        where Source.Element == Element {
        timeout(dueTime, fallback: other.asObservable(), scheduler: scheduler)
    }

    private func timeout(_ dueTime: RxTimeInterval, fallback: Observable<Element>?,
                         scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = TimeoutSink(dueTime: dueTime, fallback: fallback, scheduler: scheduler, observer: observer)
            sink.arm()
            sink.subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
            return sink
        }
    }
}

private final class TimeoutSink<Element>: Sink<Element> {
    private let dueTime: RxTimeInterval
    private let fallback: Observable<Element>?
    private let scheduler: SchedulerType
    private var timedOut = false
    let subscription = SingleAssignmentDisposable()
    private let timer = SerialDisposable()
    private let other = SingleAssignmentDisposable()

    init(dueTime: RxTimeInterval, fallback: Observable<Element>?, scheduler: SchedulerType, observer: AnyObserver<Element>) {
        self.dueTime = dueTime
        self.fallback = fallback
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    func arm() {
        timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { [self] _ in
            fire()
            return Disposables.create()
        }
    }

    private func fire() {
        guard !timedOut, !isDisposed else { return }
        timedOut = true
        guard let fallback else { return forwardError(RxError.timeout) }
        other.setDisposable(fallback.subscribe(AnyObserver { [self] event in forward(event) }))
        subscription.dispose()
    }

    func on(_ event: Event<Element>) {
        guard !timedOut else { return }
        switch event {
        case .next(let value):
            forwardNext(value)
            arm()
        case .error, .completed:
            timer.dispose()
            forward(event)
        }
    }

    override func disposeUpstream() {
        subscription.dispose()
        timer.dispose()
        other.dispose()
    }
}
