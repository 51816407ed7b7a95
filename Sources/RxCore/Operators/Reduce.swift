extension ObservableType {
    /// Accumulates silently; at the source's completion emits `mapResult(accumulation)` and
    /// completes, both at that tick. An empty source emits the (mapped) seed.
    ///
    /// Errors: with the source's error (nothing is emitted), or when a closure throws.
    public func reduce<Accumulate, Result>(
        _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
        mapResult: @escaping (Accumulate) throws -> Result
    ) -> Observable<Result> {
        let source = asObservable()
        return Producer { observer in
            return ReduceSink(seed: seed, accumulator: accumulator, mapResult: mapResult, observer: observer).run(source)
        }
    }

    /// `reduce` emitting the accumulation itself.
    public func reduce<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        reduce(seed, accumulator: accumulator, mapResult: { $0 })
    }
}

private final class ReduceSink<Element, Accumulate, Result>: UnarySink<Element, Result> {
    private var accumulate: Accumulate
    private let accumulator: (Accumulate, Element) throws -> Accumulate
    private let mapResult: (Accumulate) throws -> Result

    init(seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
         mapResult: @escaping (Accumulate) throws -> Result, observer: AnyObserver<Result>) {
        self.accumulate = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
        super.init(observer: observer)
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            do { accumulate = try accumulator(accumulate, value) } catch { forwardError(error) }
        case .error(let error):
            forwardError(error)
        case .completed:
            do {
                forwardNext(try mapResult(accumulate))
                forwardCompleted()
            } catch {
                forwardError(error)
            }
        }
    }
}
