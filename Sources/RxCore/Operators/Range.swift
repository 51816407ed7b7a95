extension ObservableType where Element: FixedWidthInteger {
    /// Emits `count` consecutive integers from `start`, then completes — one per scheduler step
    /// (all at subscription on the default scheduler; from S+1 on a virtual one). Counts by
    /// offset, so a range ending at the type's maximum (`range(start: Int.max, count: 1)`)
    /// emits it and completes.
    ///
    /// Errors: with `RxError.argumentOutOfRange`, at subscription, when `count` is negative or
    /// the last element would not fit the type. RxSwift traps on both; a checker must not.
    public static func range(start: Element, count: Element,
                             scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        guard count >= 0, count == 0 || !start.addingReportingOverflow(count - 1).overflow else {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return generate(initialState: 0, condition: { $0 < count }, scheduler: scheduler) { $0 + 1 }.map { start + $0 }
    }
}

extension ObservableType {
    /// Emits `initialState`, then `iterate` of the previous, while `condition` holds; one per
    /// scheduler step.
    ///
    /// Errors: when `condition` or `iterate` throws.
    public static func generate(initialState: Element, condition: @escaping (Element) throws -> Bool,
                                scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
                                iterate: @escaping (Element) throws -> Element) -> Observable<Element> {
        Producer { observer in
            let sink = GenerateSink(condition: condition, iterate: iterate, scheduler: scheduler, observer: observer)
            sink.step(initialState, first: true)
            return sink
        }
    }

    /// Emits `element` forever, one per scheduler step (on the current-thread scheduler that
    /// never ends: use a virtual or Dispatch scheduler, or take).
    public static func repeatElement(_ element: Element,
                                     scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        generate(initialState: element, condition: { _ in true }, scheduler: scheduler) { $0 }
    }

    /// Emits `element` at the next scheduler step and completes at the one after (on a virtual
    /// scheduler: S+1 and S+2).
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from([element], scheduler: scheduler)
    }
}

private final class GenerateSink<Element>: Sink<Element> {
    private let condition: (Element) throws -> Bool
    private let iterate: (Element) throws -> Element
    private let scheduler: ImmediateSchedulerType
    private let pending = SerialDisposable()

    init(condition: @escaping (Element) throws -> Bool, iterate: @escaping (Element) throws -> Element,
         scheduler: ImmediateSchedulerType, observer: AnyObserver<Element>) {
        self.condition = condition
        self.iterate = iterate
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    func step(_ state: Element, first: Bool) {
        let scheduled = scheduler.schedule(state) { [self] state in
            guard !isDisposed else { return Disposables.create() }
            do {
                let current = first ? state : try iterate(state)
                if try condition(current) {
                    forwardNext(current)
                    step(current, first: false)
                } else {
                    forwardCompleted()
                }
            } catch {
                forwardError(error)
            }
            return Disposables.create()
        }
        if !isDisposed { pending.disposable = scheduled }
    }

    override func disposeUpstream() { pending.dispose() }
}
