extension ObservableType {
    /// Subscribes this sequence `dueTime` after subscription (on the virtual scheduler a zero
    /// delay still takes one tick) and mirrors it from then on; earlier hot events are lost.
    ///
    /// Disposes: disposing before the delay ends means the source is never subscribed.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let subscription = SerialDisposable()
            subscription.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                source.subscribe(observer)
            }
            return subscription
        }
    }
}
