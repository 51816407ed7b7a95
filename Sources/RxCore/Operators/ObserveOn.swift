extension ObservableType {
    /// Delivers every event through `scheduler`, one scheduled action per event, in order.
    /// On the virtual scheduler each delivery takes one tick.
    ///
    /// Disposes: pending deliveries are cancelled with the subscription.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = ObserveOnSink(scheduler: scheduler, observer: observer)
            sink.subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
            return sink
        }
    }
}

private final class ObserveOnSink<Element>: Sink<Element> {
    private let scheduler: ImmediateSchedulerType
    let subscription = SingleAssignmentDisposable()
    private let pending = CompositeDisposable()

    init(scheduler: ImmediateSchedulerType, observer: AnyObserver<Element>) {
        self.scheduler = scheduler
        super.init(observer: observer)
    }

    private final class Delivery {
        var key: CompositeDisposable.DisposeKey?
        var done = false
    }

    /// Each delivery is held until it runs, then forgotten, so long streams do not pile up.
    func on(_ event: Event<Element>) {
        let delivery = Delivery()
        let action = scheduler.schedule(event) { [weak self] event in
            delivery.done = true
            if let key = delivery.key { self?.pending.remove(for: key) }
            self?.forward(event)
            return Disposables.create()
        }
        if !delivery.done { delivery.key = pending.insert(action) }
    }

    override func disposeUpstream() {
        subscription.dispose()
        pending.dispose()
    }
}
