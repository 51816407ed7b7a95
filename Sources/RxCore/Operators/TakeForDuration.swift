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

    /// Drops the source's elements for `duration` after subscription, then mirrors it; its
    /// terminal is always forwarded. The timer is armed before the source is subscribed, so an
    /// element at exactly `duration` arrives first and is dropped.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            var open = false
            let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
                open = true
                return Disposables.create()
            }
            let subscription = source.subscribe { event in
                switch event {
                case .next(let value): if open { observer.onNext(value) }
                default: observer.on(event)
                }
            }
            return Disposables.create(timer, subscription)
        }
    }

    /// RxSwift's spelling of `skip(for:scheduler:)`: the time form takes no label.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(for: duration, scheduler: scheduler)
    }
}
