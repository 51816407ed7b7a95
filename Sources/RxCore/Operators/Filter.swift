extension ObservableType {
    /// Emits the elements for which `predicate` holds.
    ///
    /// Errors: with the source's error, or when `predicate` throws.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Producer { observer in
            let sink = FilterSink(predicate: predicate, observer: observer)
            sink.subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
            return sink
        }
    }
}

private final class FilterSink<Element>: Sink<Element> {
    private let predicate: (Element) throws -> Bool
    let subscription = SingleAssignmentDisposable()

    init(predicate: @escaping (Element) throws -> Bool, observer: AnyObserver<Element>) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do { if try predicate(value) { forwardNext(value) } } catch { forwardError(error) }
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }

    override func disposeUpstream() { subscription.dispose() }
}
