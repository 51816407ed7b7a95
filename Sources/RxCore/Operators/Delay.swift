extension ObservableType {
    /// Shifts elements and completion by `dueTime`, in order, one per scheduler action: the k-th
    /// comes out at max(its tick + dueTime, the previous one's + 1).
    ///
    /// Completes: `dueTime` after the source (the source's log ends at its own completion).
    /// Errors: at once, when the source fails; events still queued are discarded.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            return DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer).run(source)
        }
    }
}

private final class DelaySink<Element>: UnarySink<Element, Element> {
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private var queue: [(event: Event<Element>, due: RxTime)] = []
    private var head = 0
    private var running = false
    private let timer = SerialDisposable()

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: AnyObserver<Element>) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        if case .error(let error) = event {
            queue = []
            head = 0
            return forwardError(error)
        }
        queue.append((event, scheduler.now.addingTimeInterval(max(dueTime.seconds, 0))))
        if !running {
            running = true
            arm(after: dueTime)
        }
    }

    private func arm(after interval: RxTimeInterval) {
        timer.disposable = scheduler.scheduleRelative((), dueTime: interval) { [self] _ in
            deliverHead()
            return Disposables.create()
        }
    }

    private func deliverHead() {
        guard head < queue.count else { running = false; return }
        let (event, _) = queue[head]
        head += 1
        forward(event)
        guard !isDisposed else { return }
        if head < queue.count {
            // One event per action: the next goes at its due time, or the next tick.
            arm(after: .nanoseconds(Int(max(queue[head].due.timeIntervalSince(scheduler.now), 0) * 1e9)))
        } else {
            queue = []
            head = 0
            running = false
        }
    }

    override func disposeUpstream() {
        super.disposeUpstream()
        timer.dispose()
    }
}
