extension ObservableType {
    /// Splits the source into windows — inner observables — emitting the first one at
    /// subscription, before subscribing the source. A window completes and the next one is
    /// emitted when it holds `count` elements or `timeSpan` passes (the timer rules of
    /// `buffer`). Windows are hot: elements sent before someone subscribes to one are lost.
    ///
    /// Completes / Errors: with the source — the current window gets the terminal first.
    /// Disposes: the source stays subscribed while the output or any window is subscribed.
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        precondition(count > 0, "window needs a positive count")
        let source = asObservable()
        return Observable.create { observer in
            var current = PublishSubject<Element>()
            var held = 0
            var references = 1
            let sourceSubscription = SingleAssignmentDisposable()
            let timer = SerialDisposable()
            // Re-arms the timer; it calls itself, so it holds itself: emptied once released.
            var arm: () -> Void = {}
            func release() {
                references -= 1
                if references == 0 {
                    sourceSubscription.dispose()
                    timer.dispose()
                    arm = {}
                }
            }
            func counted(_ subject: PublishSubject<Element>) -> Observable<Element> {
                Observable.create { inner in
                    references += 1
                    let subscription = subject.subscribe(inner)
                    return Disposables.create {
                        subscription.dispose()
                        release()
                    }
                }
            }
            func openNext() {
                current.onCompleted()
                current = PublishSubject<Element>()
                held = 0
                observer.onNext(counted(current))
            }
            arm = {
                timer.disposable = scheduler.scheduleRelative((), dueTime: timeSpan) { _ in
                    openNext()
                    arm()
                    return Disposables.create()
                }
            }
            observer.onNext(counted(current))
            arm()
            sourceSubscription.setDisposable(source.subscribe { event in
                switch event {
                case .next(let value):
                    current.onNext(value)
                    held += 1
                    if held == count {
                        openNext()
                        arm()
                    }
                case .error(let error):
                    current.onError(error)
                    observer.onError(error)
                case .completed:
                    current.onCompleted()
                    observer.onCompleted()
                }
            })
            return Disposables.create { release() }
        }
    }
}
