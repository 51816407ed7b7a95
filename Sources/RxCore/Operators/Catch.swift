extension ObservableType {
    /// Mirrors this sequence; on an error, subscribes the sequence `handler` returns at that
    /// tick and mirrors it to the end. Errors from the fallback are not caught again.
    ///
    /// Errors: with the fallback's error, or when `handler` throws.
    /// Disposes: the failed source once the fallback is subscribed (its log ended at its
    /// error), then the fallback with the output.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = CatchSink(handler: handler, observer: observer)
            let first = SingleAssignmentDisposable()
            sink.current.disposable = first
            first.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.onSource)))
            return sink
        }
    }

    /// On an error, emits `element` and completes, at the error's tick.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in Observable.just(element) }
    }
}

private final class CatchSink<Element>: Sink<Element> {
    private let handler: (Swift.Error) throws -> Observable<Element>
    let current = SerialDisposable()

    init(handler: @escaping (Swift.Error) throws -> Observable<Element>, observer: AnyObserver<Element>) {
        self.handler = handler
        super.init(observer: observer)
    }

    func onSource(_ event: Event<Element>) {
        guard case .error(let error) = event else { return forward(event) }
        let fallback: Observable<Element>
        do { fallback = try handler(error) } catch { return forwardError(error) }
        // RxSwift's order: the fallback is subscribed first, then its subscription takes the
        // failed source's place, which releases that one.
        current.disposable = fallback.subscribe(AnyObserver { [self] event in forward(event) })
    }

    override func disposeUpstream() { current.dispose() }
}
