extension ObservableType {
    /// Subscribes to the source — and later unsubscribes — through `scheduler`. On the virtual
    /// scheduler both take a tick: the source is subscribed at S+1 and unsubscribed one tick
    /// after the output is disposed (the output itself stops at once). Disposed before the
    /// subscription ran, the source is never subscribed.
    ///
    /// Completes and errors: with the source, at its tick.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = SubscribeOnSink(observer: observer)
            var ran = false
            let pending = scheduler.schedule(()) { _ in
                ran = true
                let subscription = source.subscribe(AnyObserver { event in sink.forward(event) })
                sink.current.disposable = Disposables.create {
                    _ = scheduler.schedule(()) { _ in
                        subscription.dispose()
                        return Disposables.create()
                    }
                }
                return Disposables.create()
            }
            if !ran { sink.current.disposable = pending }
            return sink
        }
    }
}

private final class SubscribeOnSink<Element>: Sink<Element> {
    /// The scheduled subscribe until it runs; then a disposable that schedules the unsubscribe.
    let current = SerialDisposable()

    override func disposeUpstream() { current.dispose() }
}
