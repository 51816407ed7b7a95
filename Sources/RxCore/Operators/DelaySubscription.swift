extension ObservableType {
    /// Subscribes this sequence `dueTime` after subscription (on the virtual scheduler a zero
    /// delay still takes one tick) and mirrors it from then on; earlier hot events are lost.
    ///
    /// Disposes: disposing before the delay ends means the source is never subscribed.
    ///
    /// Completes and errors: with the source, once subscribed; never before the delay ends.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = DelaySubscriptionSink(observer: observer)
            sink.subscription.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                source.subscribe(AnyObserver(eventHandler: sink.forward))
            }
            return sink
        }
    }
}

/// Forwards through a sink, so nothing reaches an observer that disposed — even while a
/// synchronous source is still delivering inside its subscribe call.
private final class DelaySubscriptionSink<Element>: Sink<Element> {
    let subscription = SerialDisposable()
    override func disposeUpstream() { subscription.dispose() }
}
