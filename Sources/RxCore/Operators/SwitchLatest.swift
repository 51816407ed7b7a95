extension ObservableType where Element: ObservableConvertibleType {
    /// Mirrors the most recent inner sequence: when the outer emits, the current inner is
    /// unsubscribed first, then the new one subscribed, at that tick.
    ///
    /// Completes: when the outer has completed and the current inner (if any) completes.
    /// An inner completing while the outer lives ends nothing.
    /// Errors: on an error of the outer or the current inner; a replaced inner is unsubscribed
    /// and can no longer err.
    public func switchLatest() -> Observable<Element.Element> {
        let outer = asObservable()
        return Producer { observer in
            let sink = SwitchSink<Element, Element.Element>(selector: { $0.asObservable() }, observer: observer)
            sink.run(outer)
            return sink
        }
    }
}

/// The switch machinery shared by `switchLatest` and `flatMapLatest`.
final class SwitchSink<SourceElement, Element>: Sink<Element> {
    private let selector: (SourceElement) throws -> Observable<Element>
    private let outerSubscription = SingleAssignmentDisposable()
    private var innerSubscription: SingleAssignmentDisposable?
    private var latestID = 0
    private var hasLiveInner = false
    private var outerDone = false

    init(selector: @escaping (SourceElement) throws -> Observable<Element>, observer: AnyObserver<Element>) {
        self.selector = selector
        super.init(observer: observer)
    }

    func run(_ outer: Observable<SourceElement>) {
        outerSubscription.setDisposable(outer.subscribe(AnyObserver { [self] event in onOuter(event) }))
    }

    private func onOuter(_ event: Event<SourceElement>) {
        switch event {
        case .next(let value):
            let inner: Observable<Element>
            do { inner = try selector(value) } catch { forwardError(error); return }
            latestID += 1
            let id = latestID
            innerSubscription?.dispose()
            // After the output ended inside the outer's subscribe call, a further outer element
            // still subscribes its inner, which is disposed at once (RxSwift: a zero-length entry).
            if isDisposed {
                inner.subscribe(AnyObserver { _ in }).dispose()
                return
            }
            let subscription = SingleAssignmentDisposable()
            innerSubscription = subscription
            hasLiveInner = true
            subscription.setDisposable(inner.subscribe(AnyObserver { [self] event in onInner(event, id: id) }))
        case .error(let error):
            forwardError(error)
        case .completed:
            outerDone = true
            outerSubscription.dispose()
            if !hasLiveInner { forwardCompleted() }
        }
    }

    private func onInner(_ event: Event<Element>, id: Int) {
        guard id == latestID else { return }
        switch event {
        case .next(let value):
            forwardNext(value)
        case .error(let error):
            forwardError(error)
        case .completed:
            hasLiveInner = false
            innerSubscription?.dispose()
            if outerDone { forwardCompleted() }
        }
    }

    override func disposeUpstream() {
        outerSubscription.dispose()
        innerSubscription?.dispose()
    }
}
