extension ObservableType {
    /// On each element or completion of `sampler`, emits this sequence's latest element if it
    /// arrived since the previous sample — otherwise `defaultValue`, when given. This sequence
    /// is subscribed first, then `sampler`.
    ///
    /// Completes: at the first sampler tick (element or completion) after this sequence has
    /// completed. If `sampler` completes first, the output never terminates.
    /// Errors: on an error of either sequence.
    public func sample<Source: ObservableConvertibleType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        let source = asObservable()
        let sampler = sampler.asObservable()
        return Producer { observer in
            let sink = SampleSink<Element, Source.Element>(defaultValue: defaultValue, observer: observer)
            sink.run(source: source, sampler: sampler)
            return sink
        }
    }
}

private final class SampleSink<Element, SamplerElement>: Sink<Element> {
    private let defaultValue: Element?
    private var pending: Element?
    private var sourceDone = false
    private let sourceSubscription = SingleAssignmentDisposable()
    private let samplerSubscription = SingleAssignmentDisposable()

    init(defaultValue: Element?, observer: AnyObserver<Element>) {
        self.defaultValue = defaultValue
        super.init(observer: observer)
    }

    func run(source: Observable<Element>, sampler: Observable<SamplerElement>) {
        sourceSubscription.setDisposable(source.subscribe(AnyObserver { [self] event in
            switch event {
            case .next(let value): pending = value
            case .error(let error): forwardError(error)
            case .completed:
                sourceDone = true
                sourceSubscription.dispose()
            }
        }))
        samplerSubscription.setDisposable(sampler.subscribe(AnyObserver { [self] event in
            switch event {
            case .next, .completed:
                if event.isCompleted { samplerSubscription.dispose() }
                if let value = pending ?? defaultValue {
                    pending = nil
                    forwardNext(value)
                }
                if sourceDone { forwardCompleted() }
            case .error(let error):
                forwardError(error)
            }
        }))
    }

    override func disposeUpstream() {
        sourceSubscription.dispose()
        samplerSubscription.dispose()
    }
}
