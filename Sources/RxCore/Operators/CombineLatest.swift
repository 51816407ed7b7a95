extension ObservableType {
    /// Emits `resultSelector` of the latest element of every source, each time any source
    /// emits once all of them have emitted at least once. Sources are subscribed in order.
    ///
    /// Completes: when every source has completed — or, lazily, when a source emits while all
    /// the *others* have completed but some still never emitted (nothing can be combined any
    /// more). A source that completes without a value therefore silences the output without
    /// ending it until that moment. An empty collection emits `resultSelector([])` and
    /// completes at once.
    /// Errors: on the first error of any source, or when `resultSelector` throws.
    /// Disposes: each source at its own terminal; the rest when the output ends.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        return Producer { observer in
            let sink = CombineLatestSink(sources: sources, selector: resultSelector, observer: observer)
            sink.run()
            return sink
        }
    }

    /// The collection form emitting arrays of the latest elements.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
        where Collection.Element: ObservableType, Element == [Collection.Element.Element] {
        combineLatest(collection) { $0 }
    }
}

final class CombineLatestSink<SourceElement, Element>: Sink<Element> {
    private let sources: [Observable<SourceElement>]
    private let selector: ([SourceElement]) throws -> Element
    private var latest: [SourceElement?]
    private var valueCount = 0
    private var isDone: [Bool]
    private var doneCount = 0
    private var subscriptions: [SingleAssignmentDisposable]

    init(sources: [Observable<SourceElement>], selector: @escaping ([SourceElement]) throws -> Element,
         observer: AnyObserver<Element>) {
        self.sources = sources
        self.selector = selector
        self.latest = Array(repeating: nil, count: sources.count)
        self.isDone = Array(repeating: false, count: sources.count)
        self.subscriptions = sources.map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer)
    }

    func run() {
        if sources.isEmpty {
            emitCombination()
            forwardCompleted()
            return
        }
        for (index, source) in sources.enumerated() {
            let subscription = source.subscribe(AnyObserver { [self] event in on(event, from: index) })
            subscriptions[index].setDisposable(subscription)
        }
    }

    private func on(_ event: Event<SourceElement>, from index: Int) {
        switch event {
        case .next(let value):
            if latest[index] == nil { valueCount += 1 }
            latest[index] = value
            if valueCount == sources.count {
                emitCombination()
            } else if doneCount == sources.count - 1 && !isDone[index] {
                forwardCompleted()
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            guard !isDone[index] else { return }
            isDone[index] = true
            doneCount += 1
            subscriptions[index].dispose()
            if doneCount == sources.count { forwardCompleted() }
        }
    }

    private func emitCombination() {
        do {
            forwardNext(try selector(latest.map { $0! }))
        } catch {
            forwardError(error)
        }
    }

    override func disposeUpstream() {
        for subscription in subscriptions { subscription.dispose() }
    }
}

// The fixed-arity forms adapt the collection form: sources are erased to `Any` and the
// selector casts back. One implementation, eight thin entry points.
extension ObservableType {
    /// `combineLatest` of two sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ s1: O1, _ s2: O2, resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest([s1.erased(), s2.erased()]) { try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element) }
    }

    /// `combineLatest` of three sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest([s1.erased(), s2.erased(), s3.erased()]) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element)
        }
    }

    /// `combineLatest` of four sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest([s1.erased(), s2.erased(), s3.erased(), s4.erased()]) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element)
        }
    }

    /// `combineLatest` of five sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
                                     O5: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest([s1.erased(), s2.erased(), s3.erased(), s4.erased(), s5.erased()]) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
                               $0[4] as! O5.Element)
        }
    }

    /// `combineLatest` of six sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
                                     O5: ObservableType, O6: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws
            -> Element
    ) -> Observable<Element> {
        combineLatest([s1.erased(), s2.erased(), s3.erased(), s4.erased(), s5.erased(), s6.erased()]) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
                               $0[4] as! O5.Element, $0[5] as! O6.Element)
        }
    }

    /// `combineLatest` of seven sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
                                     O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6, _ s7: O7,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element,
                                   O7.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest([s1.erased(), s2.erased(), s3.erased(), s4.erased(), s5.erased(), s6.erased(), s7.erased()]) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
                               $0[4] as! O5.Element, $0[5] as! O6.Element, $0[6] as! O7.Element)
        }
    }

    /// `combineLatest` of eight sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
                                     O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6, _ s7: O7, _ s8: O8,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element,
                                   O7.Element, O8.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest([s1.erased(), s2.erased(), s3.erased(), s4.erased(), s5.erased(), s6.erased(), s7.erased(),
                       s8.erased()]) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
                               $0[4] as! O5.Element, $0[5] as! O6.Element, $0[6] as! O7.Element, $0[7] as! O8.Element)
        }
    }

    /// `combineLatest` of two sources emitting tuples.
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(_ s1: O1, _ s2: O2)
        -> Observable<(O1.Element, O2.Element)> where Element == (O1.Element, O2.Element) {
        combineLatest(s1, s2) { ($0, $1) }
    }

    /// `combineLatest` of three sources emitting tuples.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(_ s1: O1, _ s2: O2, _ s3: O3)
        -> Observable<(O1.Element, O2.Element, O3.Element)> where Element == (O1.Element, O2.Element, O3.Element) {
        combineLatest(s1, s2, s3) { ($0, $1, $2) }
    }
}

extension ObservableType {
    /// This sequence with its elements boxed as `Any`, without an extra operator stage.
    func erased() -> Observable<Any> {
        let source = asObservable()
        return Producer { observer in
            source.subscribe(AnyObserver<Element> { event in
                switch event {
                case .next(let value): observer.on(.next(value))
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            })
        }
    }
}
