extension ObservableType {
    /// Emits every element of `elements`, then `completed`, one per scheduler step.
    ///
    /// With the default `CurrentThreadScheduler` everything arrives at the subscribe tick, one
    /// element per trampoline step; with a virtual scheduler element k arrives at `S+k` and
    /// `completed` at `S+n+1`.
    ///
    /// Deviation: RxSwift also runs every `subscribe` inside the trampoline, so two synchronous
    /// `from` sources merged interleave round-robin (1, 3, 2, 4). RxCore does not trampoline
    /// `subscribe` itself, so the first source runs to completion first (1, 2, 3, 4). Ticks agree.
    ///
    /// Disposes: disposing mid-way stops the remaining elements.
    public static func from(
        _ elements: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        Producer { observer in
            let sink = FromSink(elements: elements, scheduler: scheduler, observer: observer)
            sink.step(0)
            return sink
        }
    }

    /// `from` over the arguments.
    public static func of(
        _ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }
}

private final class FromSink<Element>: Sink<Element> {
    private let elements: [Element]
    private let scheduler: ImmediateSchedulerType
    private let pending = SerialDisposable()

    init(elements: [Element], scheduler: ImmediateSchedulerType, observer: AnyObserver<Element>) {
        self.elements = elements
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    func step(_ index: Int) {
        let scheduled = scheduler.schedule(index) { [self] index in
            guard !isDisposed else { return Disposables.create() }
            if index < elements.count {
                forwardNext(elements[index])
                step(index + 1)
            } else {
                forwardCompleted()
            }
            return Disposables.create()
        }
        if !isDisposed { pending.disposable = scheduled }
    }

    override func disposeUpstream() { pending.dispose() }
}
