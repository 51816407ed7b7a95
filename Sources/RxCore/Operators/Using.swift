extension ObservableType {
    /// Makes a resource for each subscription, builds the sequence from it, and disposes the
    /// resource when that subscription ends — after the sequence's own subscription, whether it
    /// ended by a terminal or by a dispose. A throwing factory fails the output at subscription;
    /// a resource already made is still disposed.
    ///
    /// Completes and errors: with the built sequence, or at once when a factory throws.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Producer { observer in
            let sink = UsingSink(observer: observer)
            do {
                let resource = try resourceFactory()
                sink.resource.setDisposable(resource)
                let source = try observableFactory(resource)
                sink.subscription.setDisposable(source.subscribe(AnyObserver { sink.forward($0) }))
            } catch {
                sink.forwardError(error)
            }
            return sink
        }
    }
}

private final class UsingSink<Element>: Sink<Element> {
    let subscription = SingleAssignmentDisposable()
    let resource = SingleAssignmentDisposable()

    override func disposeUpstream() {
        subscription.dispose()
        resource.dispose()
    }
}
