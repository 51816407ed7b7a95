extension ObservableType {
    /// Emits every element of `sequence`, then `completed`, one per scheduler step. Each
    /// subscription iterates the sequence afresh, lazily.
    ///
    /// With the default `CurrentThreadScheduler` everything arrives at the subscribe tick, one
    /// element per trampoline step: inside another operator's subscribe call, only once that
    /// call's own work is done, so two `from` sources merged interleave (1, 3, 2, 4), as in
    /// RxSwift. With a virtual scheduler element k arrives at `S+k` and `completed` at `S+n+1`.
    ///
    /// Completes: after the last element. Errors: never (`from` does not throw).
    ///
    /// Disposes: disposing mid-way stops the remaining elements.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Sequence.Element == Element {
        Producer { observer in
            let sink = FromSink(iterator: sequence.makeIterator(), scheduler: scheduler, observer: observer)
            sink.step()
            return sink
        }
    }

    /// The element, if there is one, then `completed`: `from([element])` or `from([])`, with the
    /// same scheduler steps.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Observable<Element> {
        from(optional.map { [$0] } ?? [], scheduler: scheduler)
    }

    /// `from` over the arguments.
    public static func of(
        _ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }
}

private final class FromSink<Iterator: IteratorProtocol>: Sink<Iterator.Element> {
    private var iterator: Iterator
    private let scheduler: ImmediateSchedulerType
    private let pending = SerialDisposable()

    init(iterator: Iterator, scheduler: ImmediateSchedulerType, observer: AnyObserver<Iterator.Element>) {
        self.iterator = iterator
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    func step() {
        let scheduled = scheduler.schedule(()) { [self] _ in
            guard !isDisposed else { return Disposables.create() }
            if let element = iterator.next() {
                forwardNext(element)
                step()
            } else {
                forwardCompleted()
            }
            return Disposables.create()
        }
        if !isDisposed { pending.disposable = scheduled }
    }

    override func disposeUpstream() { pending.dispose() }
}
