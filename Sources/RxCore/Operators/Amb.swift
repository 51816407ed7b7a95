extension ObservableType {
    /// Mirrors whichever source delivers any event first (next, error or completed). The
    /// others are unsubscribed at that tick, before the winning event is forwarded. All
    /// sources are subscribed in order; at one tick, FIFO order decides.
    ///
    /// Completes / Errors: with the winner. An empty list never emits.
    public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        let sources = Array(sequence)
        return Producer { observer in
            let sink = AmbSink(sources: sources, observer: observer)
            sink.run()
            return sink
        }
    }

    /// `amb` of this sequence and `right`.
    public func amb<Source: ObservableConvertibleType>(_ right: Source) -> Observable<Element> where Source.Element == Element {
        Observable.amb([asObservable(), right.asObservable()])
    }
}

private final class AmbSink<Element>: Sink<Element> {
    private let sources: [Observable<Element>]
    private var subscriptions: [SingleAssignmentDisposable]
    private var winner: Int?

    init(sources: [Observable<Element>], observer: AnyObserver<Element>) {
        self.sources = sources
        self.subscriptions = sources.map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer)
    }

    /// Every source is subscribed, even after an earlier one won inside its subscribe call; a
    /// loser's subscription is then disposed at once (a zero-length entry, as in RxSwift).
    func run() {
        for (index, source) in sources.enumerated() {
            subscriptions[index].setDisposable(source.subscribe(AnyObserver { [self] event in on(event, from: index) }))
        }
    }

    private func on(_ event: Event<Element>, from index: Int) {
        if winner == nil {
            winner = index
            for (other, subscription) in subscriptions.enumerated() where other != index {
                subscription.dispose()
            }
        }
        guard winner == index else { return }
        forward(event)
    }

    override func disposeUpstream() {
        for subscription in subscriptions { subscription.dispose() }
    }
}
