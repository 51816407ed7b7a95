extension ObservableType {
    /// Emits an element at once when `dueTime` has passed since the last emission (or nothing
    /// was emitted yet). Within the window, `latest: true` keeps the newest element and emits it
    /// when the window ends; `latest: false` drops it. An element arriving exactly when the
    /// window ends is emitted at once and the kept one is lost.
    ///
    /// Completes: with the source — after the kept element, at the window's end, if one is kept.
    /// Errors: with the source; the kept element is dropped.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            return ThrottleSink(dueTime: dueTime, latest: latest, scheduler: scheduler, observer: observer).run(source)
        }
    }
}

private final class ThrottleSink<Element>: UnarySink<Element, Element> {
    private let dueTime: RxTimeInterval
    private let latest: Bool
    private let scheduler: SchedulerType
    private var lastSent: RxTime?
    private var pending: Element?
    private var completionDeferred = false
    private let timer = SerialDisposable()

    init(dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType, observer: AnyObserver<Element>) {
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            let now = scheduler.now
            let remaining = lastSent.map { dueTime.seconds - now.timeIntervalSince($0) } ?? 0
            if remaining <= 0 {
                send(value)
                return
            }
            guard latest else { return }
            let alreadyWaiting = pending != nil
            pending = value
            if alreadyWaiting { return }
            timer.disposable = scheduler.scheduleRelative((), dueTime: .nanoseconds(Int(remaining * 1e9))) { [self] _ in
                if let value = pending { send(value) }
                if completionDeferred { forwardCompleted() }
                return Disposables.create()
            }
        case .error(let error):
            pending = nil
            forwardError(error)
        case .completed:
            if pending != nil { completionDeferred = true } else { forwardCompleted() }
        }
    }

    private func send(_ value: Element) {
        pending = nil
        forwardNext(value)
        lastSent = scheduler.now
    }

    override func disposeUpstream() {
        super.disposeUpstream()
        timer.dispose()
    }
}
