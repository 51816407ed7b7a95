/// Whether the element that ends `take(until:behavior:)` is itself emitted.
public enum TakeBehavior: Sendable {
    /// Emit it, then complete.
    case inclusive
    /// Complete without it.
    case exclusive
}

extension ObservableType {
    /// Mirrors elements until `predicate` holds for one; then completes at that element's tick
    /// (emitting it first with `.inclusive`) and unsubscribes the source. The predicate is
    /// not called again after it fires.
    ///
    /// Errors: with the source's error, or when `predicate` throws.
    public func take(until predicate: @escaping (Element) throws -> Bool,
                     behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = TakeUntilPredicateSink(predicate: predicate, behavior: behavior, observer: observer)
            sink.subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
            return sink
        }
    }

    /// Mirrors elements while `predicate` holds: `take(until: { !predicate($0) })`.
    public func take(while predicate: @escaping (Element) throws -> Bool,
                     behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        take(until: { try !predicate($0) }, behavior: behavior)
    }
}

private final class TakeUntilPredicateSink<Element>: Sink<Element> {
    private let predicate: (Element) throws -> Bool
    private let behavior: TakeBehavior
    let subscription = SingleAssignmentDisposable()
    /// Cleared before the last element is forwarded, so an element fed back while it is being
    /// delivered is dropped (RxSwift's `running`).
    private var running = true

    init(predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior, observer: AnyObserver<Element>) {
        self.predicate = predicate
        self.behavior = behavior
        super.init(observer: observer)
    }

    func on(_ event: Event<Element>) {
        guard case .next(let value) = event else { return forward(event) }
        guard running else { return }
        do {
            if try predicate(value) {
                running = false
                if behavior == .inclusive { forwardNext(value) }
                forwardCompleted()
            } else {
                forwardNext(value)
            }
        } catch {
            forwardError(error)
        }
    }

    override func disposeUpstream() { subscription.dispose() }
}
