extension ObservableType {
    /// On each element of this sequence, emits `resultSelector(element, latest)` with the latest
    /// element of `second`; elements that arrive before `second` has emitted are dropped.
    /// `second` is subscribed first, then this sequence; `second`'s elements never emit by
    /// themselves.
    ///
    /// Completes: when this sequence completes. `second` completing is not forwarded: its last
    /// element stays in use.
    /// Errors: on an error of either sequence, or when `resultSelector` throws.
    /// Disposes: `second` at its own terminal; both when the output ends.
    public func withLatestFrom<Source: ObservableConvertibleType, Result>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> Result
    ) -> Observable<Result> {
        let first = asObservable()
        let second = second.asObservable()
        return Producer { observer in
            let sink = WithLatestFromSink(selector: resultSelector, observer: observer)
            sink.run(first: first, second: second)
            return sink
        }
    }

    /// Emits the latest element of `second` on each element of this sequence.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        withLatestFrom(second) { $1 }
    }
}

private final class WithLatestFromSink<First, Second, Result>: Sink<Result> {
    private let selector: (First, Second) throws -> Result
    // Unchecked, like the other sinks' hot state: one event at a time, no access held across a call.
    @exclusivity(unchecked) private var latest: Second?
    private let firstSubscription = SingleAssignmentDisposable()
    private let secondSubscription = SingleAssignmentDisposable()

    init(selector: @escaping (First, Second) throws -> Result, observer: AnyObserver<Result>) {
        self.selector = selector
        super.init(observer: observer)
    }

    /// Specialised for `Int`: unspecialised, every delivery looks the element types' metadata up.
    @_specialize(where First == Int, Second == Int, Result == Int)
    func run(first: Observable<First>, second: Observable<Second>) {
        secondSubscription.setDisposable(second.subscribe(AnyObserver { [self] event in
            switch event {
            case .next(let value): latest = value
            case .error(let error): forwardError(error)
            case .completed: secondSubscription.dispose()
            }
        }))
        firstSubscription.setDisposable(first.subscribe(AnyObserver { [self] event in
            switch event {
            case .next(let value):
                guard let latest else { return }
                do { forwardNext(try selector(value, latest)) } catch { forwardError(error) }
            case .error(let error): forwardError(error)
            case .completed: forwardCompleted()
            }
        }))
    }

    override func disposeUpstream() {
        firstSubscription.dispose()
        secondSubscription.dispose()
    }
}
