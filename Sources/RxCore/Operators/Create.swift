extension ObservableType {
    /// An observable whose subscription runs `subscribe`. The observer handed to it drops
    /// anything sent after a terminal event, and the subscription disposes itself right after
    /// forwarding a terminal (so its disposable runs then).
    ///
    /// Completes and errors: when the handed observer is sent `completed` or `error`; anything
    /// after is dropped.
    public static func create(
        _ subscribe: @escaping (AnyObserver<Element>) -> Disposable
    ) -> Observable<Element> {
        Producer { observer in
            let sink = CreateSink(observer: observer)
            let subscription = subscribe(AnyObserver(eventHandler: sink.on))
            sink.subscription.setDisposable(subscription)
            return sink
        }
    }
}

private final class CreateSink<Element>: Sink<Element> {
    let subscription = SingleAssignmentDisposable()

    func on(_ event: Event<Element>) { forward(event) }

    override func disposeUpstream() { subscription.dispose() }
}
