/// Per-subscription state of an operator: the downstream observer and the disposed flag.
///
/// Enforces the grammar for every operator: nothing is forwarded once the sink is disposed,
/// and a forwarded terminal event disposes the sink (and so every upstream subscription)
/// right after delivery. The sink counts as stopped *before* the terminal is delivered, so an
/// observer that feeds an element back while receiving it cannot make anything follow it.
class Sink<Element>: Disposable {
    final let observer: AnyObserver<Element>
    // Unchecked exclusivity: read and set one short access at a time, on every event.
    @exclusivity(unchecked) final private(set) var isDisposed = false
    @exclusivity(unchecked) final private var isStopped = false

    init(observer: AnyObserver<Element>) {
        self.observer = observer
    }

    /// Forwards a `next`, unless disposed. (Specialised for `Int`, the element of every catalog
    /// case, and for `Observable<Int>`, a higher-order operator's outer element: unspecialised,
    /// each call looks `Event<Element>`'s metadata up in the runtime.)
    @_specialize(where Element == Int)
    @_specialize(where Element == Observable<Int>)
    final func forwardNext(_ element: Element) {
        guard !isDisposed, !isStopped else { return }
        observer.on(.next(element))
    }

    /// Forwards any event; a terminal one disposes the sink after delivery.
    @_specialize(where Element == Int)
    @_specialize(where Element == Observable<Int>)
    final func forward(_ event: Event<Element>) {
        guard !isDisposed, !isStopped else { return }
        if event.isStopEvent { isStopped = true }
        observer.on(event)
        if event.isStopEvent { dispose() }
    }

    /// Forwards `error` and disposes.
    final func forwardError(_ error: Swift.Error) { forward(.error(error)) }

    /// Forwards `completed` and disposes.
    final func forwardCompleted() { forward(.completed) }

    final func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        disposeUpstream()
    }

    /// Releases upstream subscriptions and timers. Called once.
    func disposeUpstream() {}
}

/// A sink with one upstream subscription — most single-source operators. `run(_:)` subscribes
/// the source with the sink's `on(_:)` and returns the sink; disposing it releases the source
/// (a subclass that holds more, a timer, releases that too and calls `super`).
class UnarySink<SourceElement, Element>: Sink<Element> {
    /// The source's subscription; set once `run` has subscribed, disposed with the sink.
    final let subscription = SingleAssignmentDisposable()

    /// Handles one event of the source. Subclasses override it.
    func on(_ event: Event<SourceElement>) {
        preconditionFailure("\(Self.self) must override on(_:)")
    }

    /// Subscribes `source` and returns the sink, the Producer's disposable.
    final func run(_ source: Observable<SourceElement>) -> Self {
        subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: on)))
        return self
    }

    override func disposeUpstream() { subscription.dispose() }
}
