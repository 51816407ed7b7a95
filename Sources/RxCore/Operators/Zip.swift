extension ObservableType {
    /// Pairs the sources' elements by position: the k-th output combines every source's k-th
    /// element. Each incoming element makes at most one pairing attempt; sources are subscribed
    /// in order.
    ///
    /// Completes (collection form): when every source has completed, or lazily when an element
    /// arrives that cannot be paired while every other source has completed. An empty
    /// collection completes at once.
    /// Errors: on the first error of any source (buffered elements are discarded), or when
    /// `resultSelector` throws.
    /// Disposes: each source at its own terminal; the rest when the output ends.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        zip(collection.map { $0.asObservable() }, completesLazily: true, resultSelector: resultSelector)
    }

    /// The collection form emitting arrays.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
        where Collection.Element: ObservableType, Element == [Collection.Element.Element] {
        zip(collection) { $0 }
    }

    static func zip<SourceElement>(
        _ sources: [Observable<SourceElement>], completesLazily: Bool,
        resultSelector: @escaping ([SourceElement]) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            let sink = ZipSink(sources: sources, completesLazily: completesLazily, selector: resultSelector,
                               observer: observer)
            sink.run()
            return sink
        }
    }
}

final class ZipSink<SourceElement, Element>: Sink<Element> {
    private let sources: [Observable<SourceElement>]
    private let completesLazily: Bool
    private let selector: ([SourceElement]) throws -> Element
    private var queues: [[SourceElement]]
    private var heads: [Int]
    private var isDone: [Bool]
    private var doneCount = 0
    private var subscriptions: [SingleAssignmentDisposable]

    init(sources: [Observable<SourceElement>], completesLazily: Bool,
         selector: @escaping ([SourceElement]) throws -> Element, observer: AnyObserver<Element>) {
        self.sources = sources
        self.completesLazily = completesLazily
        self.selector = selector
        self.queues = Array(repeating: [], count: sources.count)
        self.heads = Array(repeating: 0, count: sources.count)
        self.isDone = Array(repeating: false, count: sources.count)
        self.subscriptions = sources.map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer)
    }

    func run() {
        if sources.isEmpty {
            forwardCompleted()
            return
        }
        for (index, source) in sources.enumerated() {
            let subscription = source.subscribe(AnyObserver { [self] event in on(event, from: index) })
            subscriptions[index].setDisposable(subscription)
        }
    }

    private func hasElement(_ index: Int) -> Bool { heads[index] < queues[index].count }

    private func on(_ event: Event<SourceElement>, from index: Int) {
        switch event {
        case .next(let value):
            queues[index].append(value)
            if sources.indices.allSatisfy(hasElement) {
                var row: [SourceElement] = []
                row.reserveCapacity(sources.count)
                for source in sources.indices {
                    row.append(queues[source][heads[source]])
                    heads[source] += 1
                    if heads[source] == queues[source].count {
                        queues[source].removeAll(keepingCapacity: true)
                        heads[source] = 0
                    }
                }
                do { forwardNext(try selector(row)) } catch { forwardError(error) }
            } else if completesLazily && doneCount == sources.count - 1 && !isDone[index] {
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

    override func disposeUpstream() {
        for subscription in subscriptions { subscription.dispose() }
    }
}

// Fixed arity: unlike the collection form, completes only when every source has completed,
// even when a completed source's queue is empty and nothing can pair again (RxSwift 5+).
extension ObservableType {
    /// `zip` of two sources. Completes only when both have completed.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ s1: O1, _ s2: O2, resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        zip([s1.erased(), s2.erased()], completesLazily: false) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element)
        }
    }

    /// `zip` of three sources. Completes only when all have completed.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        zip([s1.erased(), s2.erased(), s3.erased()], completesLazily: false) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element)
        }
    }

    /// `zip` of four sources. Completes only when all have completed.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        zip([s1.erased(), s2.erased(), s3.erased(), s4.erased()], completesLazily: false) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element)
        }
    }

    /// `zip` of five sources. Completes only when all have completed.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
                           O5: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        zip([s1.erased(), s2.erased(), s3.erased(), s4.erased(), s5.erased()], completesLazily: false) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
                               $0[4] as! O5.Element)
        }
    }

    /// `zip` of six sources. Completes only when all have completed.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
                           O5: ObservableType, O6: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws
            -> Element
    ) -> Observable<Element> {
        zip([s1.erased(), s2.erased(), s3.erased(), s4.erased(), s5.erased(), s6.erased()], completesLazily: false) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
                               $0[4] as! O5.Element, $0[5] as! O6.Element)
        }
    }

    /// `zip` of seven sources. Completes only when all have completed.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
                           O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6, _ s7: O7,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element,
                                   O7.Element) throws -> Element
    ) -> Observable<Element> {
        zip([s1.erased(), s2.erased(), s3.erased(), s4.erased(), s5.erased(), s6.erased(), s7.erased()],
            completesLazily: false) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
                               $0[4] as! O5.Element, $0[5] as! O6.Element, $0[6] as! O7.Element)
        }
    }

    /// `zip` of eight sources. Completes only when all have completed.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
                           O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6, _ s7: O7, _ s8: O8,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element,
                                   O7.Element, O8.Element) throws -> Element
    ) -> Observable<Element> {
        zip([s1.erased(), s2.erased(), s3.erased(), s4.erased(), s5.erased(), s6.erased(), s7.erased(), s8.erased()],
            completesLazily: false) {
            try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
                               $0[4] as! O5.Element, $0[5] as! O6.Element, $0[6] as! O7.Element, $0[7] as! O8.Element)
        }
    }

    /// `zip` of two sources emitting tuples.
    public static func zip<O1: ObservableType, O2: ObservableType>(_ s1: O1, _ s2: O2)
        -> Observable<(O1.Element, O2.Element)> where Element == (O1.Element, O2.Element) {
        zip(s1, s2) { ($0, $1) }
    }
}
