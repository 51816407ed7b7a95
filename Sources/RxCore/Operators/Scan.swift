extension ObservableType {
    /// Emits each intermediate accumulation; the seed itself is never emitted and every
    /// subscription starts again from it.
    ///
    /// Errors: with the source's error, or when `accumulator` throws.
    public func scan<Accumulate>(
        into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void
    ) -> Observable<Accumulate> {
        let source = asObservable()
        return Producer { observer in
            return ScanSink(seed: seed, accumulator: accumulator, observer: observer).run(source)
        }
    }

    /// `scan` with an accumulator that returns the new value.
    public func scan<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        scan(into: seed) { accumulate, element in accumulate = try accumulator(accumulate, element) }
    }
}

private final class ScanSink<Element, Accumulate>: UnarySink<Element, Accumulate> {
    private var accumulate: Accumulate
    private let accumulator: (inout Accumulate, Element) throws -> Void

    init(seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void,
         observer: AnyObserver<Accumulate>) {
        self.accumulate = seed
        self.accumulator = accumulator
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do {
                try accumulator(&accumulate, value)
                forwardNext(accumulate)
            } catch {
                forwardError(error)
            }
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }
}
