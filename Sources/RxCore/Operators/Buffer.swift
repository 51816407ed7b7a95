extension ObservableType {
    /// Collects elements into arrays: one is emitted when it holds `count` elements (then the
    /// span restarts) or when `timeSpan` passes — even if empty. The timer is armed before the
    /// source is subscribed.
    ///
    /// Completes: with the source, emitting the current buffer (even empty) first.
    /// Errors: with the source; the current buffer is discarded.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        precondition(count > 0, "buffer needs a positive count")
        let source = asObservable()
        return Producer { observer in
            let sink = BufferSink<Element>(timeSpan: timeSpan, count: count, scheduler: scheduler, observer: observer)
            sink.arm()
            return sink.run(source)
        }
    }
}

private final class BufferSink<Element>: UnarySink<Element, [Element]> {
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private var buffer: [Element] = []
    private let timer = SerialDisposable()

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, observer: AnyObserver<[Element]>) {
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    func arm() {
        timer.disposable = scheduler.scheduleRelative((), dueTime: timeSpan) { [self] _ in
            flush()
            arm()
            return Disposables.create()
        }
    }

    private func flush() {
        let full = buffer
        buffer = []
        forwardNext(full)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            buffer.append(value)
            if buffer.count == count {
                flush()
                arm()
            }
        case .error(let error):
            buffer = []
            forwardError(error)
        case .completed:
            flush()
            forwardCompleted()
        }
    }

    override func disposeUpstream() {
        super.disposeUpstream()
        timer.dispose()
    }
}
