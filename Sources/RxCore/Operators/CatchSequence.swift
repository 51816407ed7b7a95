extension ObservableType {
    /// Mirrors the sources one after another, moving to the next only when the current one
    /// fails (subscribed at that tick, once the failed one is released); the last source's error
    /// is forwarded.
    ///
    /// Completes: when the current source completes. An empty sequence completes at once.
    public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        let sources = Array(sequence)
        return Producer { observer in
            let sink = CatchSequenceSink(sources: sources, observer: observer)
            sink.subscribeNext()
            return sink
        }
    }
}

private final class CatchSequenceSink<Element>: InTurnSink<Element> {
    /// The last source's error is forwarded.
    override func movesOn(_ event: Event<Element>) -> Bool {
        guard case .error = event else { return false }
        return !isOnLastSource
    }
}
