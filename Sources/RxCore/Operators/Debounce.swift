extension ObservableType {
    /// Emits an element only after `dueTime` passes without another one. A new element
    /// replaces the pending one and restarts the wait (an element at exactly the due tick
    /// arrives first and wins).
    ///
    /// Completes: with the source, emitting the pending element first, at the same tick.
    /// Errors: with the source; the pending element is dropped.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            return DebounceSink(dueTime: dueTime, scheduler: scheduler, observer: observer).run(source)
        }
    }
}

private final class DebounceSink<Element>: UnarySink<Element, Element> {
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private var pending: Element?
    private var generation = 0
    private let timer = SerialDisposable()

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: AnyObserver<Element>) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            pending = value
            generation += 1
            let current = generation
            timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { [self] _ in
                if current == generation, let value = pending {
                    pending = nil
                    forwardNext(value)
                }
                return Disposables.create()
            }
        case .error(let error):
            pending = nil
            forwardError(error)
        case .completed:
            if let value = pending {
                pending = nil
                forwardNext(value)
            }
            forwardCompleted()
        }
    }

    override func disposeUpstream() {
        super.disposeUpstream()
        timer.dispose()
    }
}
