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
final class MergeSink<SourceElement, Element>: Sink<Element> {
    private let selector: (SourceElement) throws -> Observable<Element>
    private let maxConcurrent: Int?
    private let outerSubscription = SingleAssignmentDisposable()
    /// Inner subscriptions by id (ids only grow), nil once finished: O(1) to drop one.
    private var inners: [SingleAssignmentDisposable?] = []
    private var activeCount = 0
    private var queue: [Observable<Element>] = []
    private var queueHead = 0
    private var nextID = 0
    private var outerDone = false
    /// True while `startQueued` runs: an inner completing inside that loop leaves the next
    /// start to it, so a run of synchronous inners does not recurse.
    private var isStartingQueued = false

    init(selector: @escaping (SourceElement) throws -> Observable<Element>, maxConcurrent: Int?,
         observer: AnyObserver<Element>) {
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        super.init(observer: observer)
    }

    func run(_ outer: Observable<SourceElement>) {
        outerSubscription.setDisposable(outer.subscribe(AnyObserver { [self] event in onOuter(event) }))
    }

    /// Sources after one that ended the output inside its subscribe call are never subscribed.
    func runStatic(_ sources: [Observable<Element>]) {
        for source in sources where !isDisposed {
            subscribeInner(source)
        }
        outerDone = true
        completeIfFinished()
    }

    private func onOuter(_ event: Event<SourceElement>) {
        // A synchronous outer goes on delivering after the output ended inside its subscribe
        // call: nothing more is subscribed (RxSwift: the disposed group refuses new inners).
        guard !isDisposed else { return }
        switch event {
        case .next(let value):
            let inner: Observable<Element>
            do { inner = try selector(value) } catch { forwardError(error); return }
            if let maxConcurrent, activeCount >= maxConcurrent {
                queue.append(inner)
            } else {
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

    /// Specialised for `Int`: unspecialised, every inner event looks `Event<Element>`'s metadata up.
    @_specialize(where SourceElement == Int, Element == Int)
    @_specialize(where SourceElement == Observable<Int>, Element == Int)
    private func subscribeInner(_ inner: Observable<Element>) {
        let id = nextID
        nextID += 1
        let subscription = SingleAssignmentDisposable()
        inners.append(subscription)
        activeCount += 1
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
            activeCount -= 1
            finished.dispose()
            startQueued()
            completeIfFinished()
        }
    }

    /// Subscribes queued inners while slots are free, oldest first, in a loop.
    private func startQueued() {
        guard !isStartingQueued else { return }
        isStartingQueued = true
        defer { isStartingQueued = false }
        while queueHead < queue.count, !isDisposed, activeCount < (maxConcurrent ?? Int.max) {
            let next = queue[queueHead]
            queueHead += 1
            subscribeInner(next)
        }
        if queueHead == queue.count, queueHead > 0 {
            queue = []
            queueHead = 0
        }
    }

    private func completeIfFinished() {
        if outerDone && activeCount == 0 && queueHead == queue.count {
            forwardCompleted()
        }
    }

    override func disposeUpstream() {
        outerSubscription.dispose()
        let held = inners
        inners = Array(filled: nil, count: held.count)   // ids stay indices
        activeCount = 0
        queue = []
        queueHead = 0
        for case let inner? in held { inner.dispose() }
    }
}
