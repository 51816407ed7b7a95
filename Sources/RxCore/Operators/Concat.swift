extension ObservableType {
    /// Mirrors the sources one after another: the next is subscribed at the tick the current
    /// one completes, after the current one is released (disposed); the last is released after
    /// the output completes. A cold later source starts its
    /// timeline then; a hot one has missed everything before its turn. The same observable
    /// listed twice is subscribed twice.
    ///
    /// Completes: when the last source completes (an empty list completes at once).
    /// Errors: on an error of the current source; later sources are never subscribed.
    public static func concat(_ sources: [Observable<Element>]) -> Observable<Element> {
        Producer { observer in
            let sink = ConcatSink(sources: sources, observer: observer)
            sink.subscribeNext()
            return sink
        }
    }

    /// `concat` of the arguments.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }

    /// This sequence, then `second` once this one completes.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
        where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }
}

private final class ConcatSink<Element>: InTurnSink<Element> {
    override func movesOn(_ event: Event<Element>) -> Bool { event.isCompleted }
}
