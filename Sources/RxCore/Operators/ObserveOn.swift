extension ObservableType {
    /// Delivers every event through `scheduler`, in order, one event per scheduled action: events
    /// wait in a queue, and the action that delivers one schedules the next while the queue is
    /// not empty. On the virtual scheduler each delivery takes one tick, so the k-th event comes
    /// out at max(its tick, the previous delivery's tick) + 1 — two events of one tick come out
    /// one tick apart (RxSwift's recursive drain).
    ///
    /// Completes / Errors: when the terminal's turn in the queue comes; an error is queued like
    /// any event.
    /// Disposes: pending deliveries are cancelled with the subscription; the source's own
    /// terminal ends its subscription at once.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            return ObserveOnSink(scheduler: scheduler, observer: observer).run(source)
        }
    }
}

private final class ObserveOnSink<Element>: UnarySink<Element, Element> {
    private let scheduler: ImmediateSchedulerType
    private let drain = SerialDisposable()
    private var queue: [Event<Element>] = []
    private var head = 0
    private var isDraining = false

    init(scheduler: ImmediateSchedulerType, observer: AnyObserver<Element>) {
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        queue.append(event)
        guard !isDraining else { return }
        isDraining = true
        scheduleDelivery()
    }

    private func scheduleDelivery() {
        drain.disposable = scheduler.schedule(()) { [weak self] _ in
            self?.deliverHead()
            return Disposables.create()
        }
    }

    private func deliverHead() {
        guard head < queue.count else { isDraining = false; return }
        let event = queue[head]
        head += 1
        forward(event)
        guard !isDisposed else { return }
        if head < queue.count {
            scheduleDelivery()
        } else {
            queue = []
            head = 0
            isDraining = false
        }
    }

    override func disposeUpstream() {
        super.disposeUpstream()
        drain.dispose()
    }
}
