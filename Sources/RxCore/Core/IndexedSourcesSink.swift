/// A sink over several sources subscribed in order and told apart by index (combineLatest,
/// zip). It keeps each source's subscription and done flag, unsubscribes a source at its own
/// completion, completes the output when all are done, and forwards the first error. The
/// values themselves live in the caller's typed storage, filled by `attach`'s `store`.
class IndexedSourcesSink<Element>: Sink<Element> {
    final let arity: Int
    @exclusivity(unchecked) final private(set) var isDone: [Bool]
    @exclusivity(unchecked) final private(set) var doneCount = 0
    @exclusivity(unchecked) private var subscriptions: [SingleAssignmentDisposable]

    init(arity: Int, observer: AnyObserver<Element>) {
        self.arity = arity
        self.isDone = Array(filled: false, count: arity)
        self.subscriptions = (0..<arity).map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer)
    }

    /// Subscribes source `index`; each element goes to `store`, then to `next(_:)`. Like
    /// RxSwift, a source is subscribed even when an earlier one already ended the output inside
    /// its subscribe call; its subscription is then disposed at once (a zero-length entry).
    @_specialize(where Element == Int, Value == Int)
    final func attach<Value>(_ index: Int, _ source: Observable<Value>, store: @escaping (Value) -> Void) {
        subscriptions[index].setDisposable(source.subscribe(AnyObserver { [self] event in
            switch event {
            case .next(let value):
                guard !isDisposed else { return }
                store(value)
                next(index)
            case .error(let error): forwardError(error)
            case .completed: complete(index)
            }
        }))
    }

    /// Source `index` delivered an element (already stored). Override point.
    func next(_ index: Int) {}

    /// True when every source other than `index` has completed.
    final func allOthersDone(_ index: Int) -> Bool { doneCount == arity - 1 && !isDone[index] }

    private func complete(_ index: Int) {
        guard !isDone[index] else { return }
        isDone[index] = true
        doneCount += 1
        subscriptions[index].dispose()
        if doneCount == arity { forwardCompleted() }
    }

    override func disposeUpstream() {
        for subscription in subscriptions { subscription.dispose() }
    }
}
