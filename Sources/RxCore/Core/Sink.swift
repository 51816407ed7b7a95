/// Per-subscription state of an operator: the downstream observer and the disposed flag.
///
/// Enforces the grammar for every operator: nothing is forwarded once the sink is disposed,
/// and a forwarded terminal event disposes the sink (and so every upstream subscription)
/// right after delivery. The sink counts as stopped *before* the terminal is delivered, so an
/// observer that feeds an element back while receiving it cannot make anything follow it.
class Sink<Element>: Disposable {
    final let observer: AnyObserver<Element>
    final private(set) var isDisposed = false
    final private var isStopped = false

    init(observer: AnyObserver<Element>) {
        self.observer = observer
    }

    /// Forwards a `next`, unless disposed.
    final func forwardNext(_ element: Element) {
        guard !isDisposed, !isStopped else { return }
        observer.on(.next(element))
    }

    /// Forwards any event; a terminal one disposes the sink after delivery.
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
