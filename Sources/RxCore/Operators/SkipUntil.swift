extension ObservableType {
    /// Drops the source's elements until `other` emits; from then on mirrors the source. The
    /// source is subscribed first.
    ///
    /// Completes: with the source, but only once the gate is open; if the source completes
    /// while it is closed the output ends silently and never terminates.
    /// Errors: on an error of either sequence.
    /// Disposes: `other` when it emits or completes.
    public func skip<Source: ObservableConvertibleType>(until other: Source) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return Observable.create { observer in
            var open = false
            // Set when the source completes with the gate closed: the output is over, silently,
            // even for an `other` still delivering inside its subscribe call.
            var silenced = false
            let otherSubscription = SingleAssignmentDisposable()
            let sourceSubscription = source.subscribe { event in
                switch event {
                case .next(let value): if open { observer.onNext(value) }
                case .error(let error): observer.onError(error)
                case .completed:
                    if open {
                        observer.onCompleted()
                    } else {
                        silenced = true
                        otherSubscription.dispose()
                    }
                }
            }
            otherSubscription.setDisposable(other.subscribe { event in
                switch event {
                case .next:
                    open = true
                    otherSubscription.dispose()
                case .error(let error): if !silenced { observer.onError(error) }
                case .completed: otherSubscription.dispose()
                }
            })
            return Disposables.create(sourceSubscription, otherSubscription)
        }
    }
}
