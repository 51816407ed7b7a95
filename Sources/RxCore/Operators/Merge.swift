extension ObservableType {
    /// Forwards the elements of every source as they arrive; all are subscribed in order at once.
    ///
    /// Completes: when every source has completed (an empty list completes at once).
    /// Errors: on the first error of any source.
    /// Disposes: each source at its own terminal; the rest when the output ends.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        Producer { observer in
            let sink = MergeSink<Observable<Element>, Element>(selector: { $0 }, maxConcurrent: nil, observer: observer)
            sink.runStatic(sources)
            return sink
        }
    }

    /// `merge` of the arguments.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes each inner sequence as the outer one emits it and forwards every inner element.
    ///
    /// Completes: when the outer sequence and every inner one have completed.
    /// Errors: on an error of the outer or any inner sequence.
    /// Disposes: the outer at its own completion (the output goes on); each inner at its own end.
    public func merge() -> Observable<Element.Element> {
        merge(maxConcurrent: Int.max)
    }

    /// `merge()` with at most `maxConcurrent` inner subscriptions: further inners wait in a
    /// queue, unsubscribed, and the oldest starts when an active one completes (a queued cold
    /// inner's timeline starts then). `maxConcurrent: 1` is `concat()`.
    ///
    /// Completes: when the outer has completed and nothing is active or queued.
    /// Errors: on any error; queued inners are never subscribed.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs a positive limit")
        let outer = asObservable()
        return Producer { observer in
            let sink = MergeSink<Element, Element.Element>(selector: { $0.asObservable() },
                                                           maxConcurrent: maxConcurrent, observer: observer)
            sink.run(outer)
            return sink
        }
    }

    /// Subscribes the inner sequences one after another; `merge(maxConcurrent: 1)`.
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}

/// Shared by `merge`, `merge(maxConcurrent:)`, `flatMap`, `concatMap` and `concat()`: the
/// selector runs when the outer element arrives, the inner is subscribed now or queued.
///
/// Two RxSwift rules shape it. While `run` is still subscribing (inside the subscribe call), an
/// end of the output releases nothing yet: further sources and the inners of a synchronous
/// outer's further elements are still subscribed — to nobody — and everything is released when
/// `run` returns (zero-length entries). And a queued inner starts through the current-thread
/// trampoline: inside a subscribe call, once that call's own work is done.
final class MergeSink<SourceElement, Element>: Sink<Element> {
    private let selector: (SourceElement) throws -> Observable<Element>
    private let maxConcurrent: Int
    private let outerSubscription = SingleAssignmentDisposable()
    /// Inner subscriptions by id (ids only grow), nil once finished: O(1) to drop one.
    private var inners: [SingleAssignmentDisposable?] = []
    /// Inners subscribed, plus queued ones whose start is on the trampoline: a completing inner
    /// hands its slot to the next queued one.
    private var activeCount = 0
    private var queue: [Observable<Element>] = []
    private var queueHead = 0
    private var nextID = 0
    private var outerDone = false
    /// True while `run` subscribes; a dispose meanwhile is carried out when it returns.
    private var isRunning = false
    private var isReleasePending = false

    init(selector: @escaping (SourceElement) throws -> Observable<Element>, maxConcurrent: Int?,
         observer: AnyObserver<Element>) {
        self.selector = selector
        self.maxConcurrent = maxConcurrent ?? Int.max
        super.init(observer: observer)
    }

    func run(_ outer: Observable<SourceElement>) {
        isRunning = true
        outerSubscription.setDisposable(outer.subscribe(AnyObserver { [self] event in onOuter(event) }))
        finishRun()
    }

    /// Every source is subscribed, in order, even after one ended the output inside its
    /// subscribe call (RxSwift: `(S, S)` for the later ones).
    func runStatic(_ sources: [Observable<Element>]) {
        isRunning = true
        for source in sources {
            activeCount += 1
            subscribeInner(source)
        }
        outerDone = true
        completeIfFinished()
        finishRun()
    }

    private func finishRun() {
        isRunning = false
        if isReleasePending { releaseAll() }
    }

    private func onOuter(_ event: Event<SourceElement>) {
        // After the output ended, a synchronous outer still delivering inside the subscribe
        // call still has its inners subscribed (and released when `run` returns).
        guard !isDisposed || isRunning else { return }
        switch event {
        case .next(let value):
            let inner: Observable<Element>
            do { inner = try selector(value) } catch { forwardError(error); return }
            if activeCount >= maxConcurrent {
                queue.append(inner)
            } else {
                activeCount += 1
                subscribeInner(inner)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            outerDone = true
            outerSubscription.dispose()
            completeIfFinished()
        }
    }

    /// Subscribes `inner` in a slot already counted.
    /// Specialised for `Int`: unspecialised, every inner event looks `Event<Element>`'s metadata up.
    @_specialize(where SourceElement == Int, Element == Int)
    @_specialize(where SourceElement == Observable<Int>, Element == Int)
    private func subscribeInner(_ inner: Observable<Element>) {
        let id = nextID
        nextID += 1
        let subscription = SingleAssignmentDisposable()
        inners.append(subscription)
        subscription.setDisposable(inner.subscribe(AnyObserver { [self] event in onInner(event, id: id) }))
    }

    private func onInner(_ event: Event<Element>, id: Int) {
        switch event {
        case .next(let value):
            forwardNext(value)
        case .error(let error):
            forwardError(error)
        case .completed:
            guard id < inners.count, let finished = inners[id] else { return }
            inners[id] = nil
            finished.dispose()
            if queueHead < queue.count {
                startQueued()
            } else {
                activeCount -= 1
                completeIfFinished()
            }
        }
    }

    /// Starts the oldest queued inner in the slot just freed, through the trampoline: at once
    /// outside any subscribe call, else when that call's own work is done — unless the output
    /// has ended by then.
    private func startQueued() {
        let next = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue = []
            queueHead = 0
        }
        _ = CurrentThreadScheduler.instance.schedule(()) { [self] _ in
            if !isDisposed { subscribeInner(next) }
            return Disposables.create()
        }
    }

    private func completeIfFinished() {
        if outerDone && activeCount == 0 && queueHead == queue.count {
            forwardCompleted()
        }
    }

    override func disposeUpstream() {
        if isRunning {
            isReleasePending = true
        } else {
            releaseAll()
        }
    }

    private func releaseAll() {
        isReleasePending = false
        outerSubscription.dispose()
        let held = inners
        inners = Array(filled: nil, count: held.count)   // ids stay indices
        activeCount = 0
        queue = []
        queueHead = 0
        for case let inner? in held { inner.dispose() }
    }
}
