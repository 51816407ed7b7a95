extension ObservableType {
    /// Mirrors the source for `duration`, then completes and unsubscribes it. The timer is
    /// armed before the source is subscribed, so a cold element at exactly `duration` is lost.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
                observer.onCompleted()
                return Disposables.create()
            }
            let subscription = source.subscribe(observer)
            return Disposables.create(timer, subscription)
        }
    }
}
