extension ObservableType {
    /// Emits every element of `sequence`, then `completed`, one per scheduler step. Each
    /// subscription iterates the sequence afresh, lazily.
    ///
    /// Deviation: with the default scheduler every element is delivered inside the `subscribe`
    /// call, before a downstream `take` holds the subscription it would dispose, so an endless
    /// sequence never returns (RxSwift trampolines the subscribe and stops it). Give an endless
    /// sequence a scheduler, or bound it with `prefix` first.
    ///
    /// With the default `CurrentThreadScheduler` everything arrives at the subscribe tick, one
    /// element per trampoline step; with a virtual scheduler element k arrives at `S+k` and
    /// `completed` at `S+n+1`.
    ///
    /// Completes: after the last element. Errors: never (`from` does not throw).
    ///
    /// Deviation: RxSwift also runs every `subscribe` inside the trampoline, so two synchronous
    /// `from` sources merged interleave round-robin (1, 3, 2, 4). RxCore does not trampoline
    /// `subscribe` itself, so the first source runs to completion first (1, 2, 3, 4). Ticks agree.
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
