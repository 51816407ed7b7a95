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
    ) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
        let sources = collection.map { $0.asObservable() }
        return Producer { observer in
            var latest = [Collection.Element.Element?](filled: nil, count: sources.count)
            let sink = CombineLatestStorageSink(arity: sources.count, observer: observer) { try resultSelector(latest.map { $0! }) }
            if sources.isEmpty { sink.emitEmpty() }
            for (index, source) in sources.enumerated() { sink.attach(index, source) { latest[index] = $0 } }
            return sink
        }
    }

    /// The collection form emitting arrays of the latest elements.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
        where Collection.Element: ObservableConvertibleType, Element == [Collection.Element.Element] {
        combineLatest(collection) { $0 }
    }
}

/// The bookkeeping of combineLatest, independent of the sources' element types: how many
/// sources have a value (which ones, `IndexedSourcesSink` keeps). The values themselves live in
/// typed storage that `combine()` reads, so no element is ever boxed.
class CombineLatestSink<Element>: IndexedSourcesSink<Element> {
    // Unchecked exclusivity here and in the sinks' other hot state: a sink is driven one event
    // at a time and never holds an access across a call out.
    @exclusivity(unchecked) private var valueCount = 0

    /// Reads every source's latest value and applies the selector; called only once all have
    /// one. Overridden by each form.
    func combine() throws -> Element { preconditionFailure("a combineLatest sink combines its own values") }

    /// The empty collection: `combine()` of nothing, then completion.
    final func emitEmpty() {
        emit()
        forwardCompleted()
    }

    @_specialize(where Element == Int)
    override final func next(_ index: Int) {
        if markHasValue(index) { valueCount += 1 }
        if valueCount == arity {
            emit()
        } else if allOthersDone(index) {
            forwardCompleted()   // some source never emitted and all others are done
        }
    }

    private func emit() {
        do {
            forwardNext(try combine())
        } catch {
            forwardError(error)
        }
    }
}

/// combineLatest of a collection or of three to eight sources: the values live in the
/// caller's typed storage, filled by `attach` and read by a closure.
final class CombineLatestStorageSink<Element>: CombineLatestSink<Element> {
    /// A `let`: calling it then holds no extra reference to its context.
    private let combineStored: () throws -> Element

    init(arity: Int, observer: AnyObserver<Element>, combine: @escaping () throws -> Element) {
        self.combineStored = combine
        super.init(arity: arity, observer: observer)
    }

    override func combine() throws -> Element { try combineStored() }
}

// The fixed-arity forms: from three sources on, each keeps its sources' latest values in typed
// locals and hands the storage sink a closure that combines them; two sources, the common case,
// have a sink of their own (`combineLatestOfTwo`, below).
extension ObservableType {
    /// `combineLatest` of two sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatestOfTwo(s1.asObservable(), s2.asObservable(), resultSelector: resultSelector)
    }

    /// `combineLatest` of three sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var v1: O1.Element?; var v2: O2.Element?; var v3: O3.Element?
            let sink = CombineLatestStorageSink<Element>(arity: 3, observer: observer) { try resultSelector(v1!, v2!, v3!) }
            sink.attach(0, s1.asObservable()) { v1 = $0 }
            sink.attach(1, s2.asObservable()) { v2 = $0 }
            sink.attach(2, s3.asObservable()) { v3 = $0 }
            return sink
        }
    }

    /// `combineLatest` of four sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var v1: O1.Element?; var v2: O2.Element?; var v3: O3.Element?; var v4: O4.Element?
            let sink = CombineLatestStorageSink<Element>(arity: 4, observer: observer) { try resultSelector(v1!, v2!, v3!, v4!) }
            sink.attach(0, s1.asObservable()) { v1 = $0 }
            sink.attach(1, s2.asObservable()) { v2 = $0 }
            sink.attach(2, s3.asObservable()) { v3 = $0 }
            sink.attach(3, s4.asObservable()) { v4 = $0 }
            return sink
        }
    }

    /// `combineLatest` of five sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var v1: O1.Element?; var v2: O2.Element?; var v3: O3.Element?; var v4: O4.Element?; var v5: O5.Element?
            let sink = CombineLatestStorageSink<Element>(arity: 5, observer: observer) { try resultSelector(v1!, v2!, v3!, v4!, v5!) }
            sink.attach(0, s1.asObservable()) { v1 = $0 }
            sink.attach(1, s2.asObservable()) { v2 = $0 }
            sink.attach(2, s3.asObservable()) { v3 = $0 }
            sink.attach(3, s4.asObservable()) { v4 = $0 }
            sink.attach(4, s5.asObservable()) { v5 = $0 }
            return sink
        }
    }

    /// `combineLatest` of six sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var v1: O1.Element?; var v2: O2.Element?; var v3: O3.Element?; var v4: O4.Element?; var v5: O5.Element?; var v6: O6.Element?
            let sink = CombineLatestStorageSink<Element>(arity: 6, observer: observer) { try resultSelector(v1!, v2!, v3!, v4!, v5!, v6!) }
            sink.attach(0, s1.asObservable()) { v1 = $0 }
            sink.attach(1, s2.asObservable()) { v2 = $0 }
            sink.attach(2, s3.asObservable()) { v3 = $0 }
            sink.attach(3, s4.asObservable()) { v4 = $0 }
            sink.attach(4, s5.asObservable()) { v5 = $0 }
            sink.attach(5, s6.asObservable()) { v6 = $0 }
            return sink
        }
    }

    /// `combineLatest` of seven sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6, _ s7: O7, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var v1: O1.Element?; var v2: O2.Element?; var v3: O3.Element?; var v4: O4.Element?; var v5: O5.Element?; var v6: O6.Element?; var v7: O7.Element?
            let sink = CombineLatestStorageSink<Element>(arity: 7, observer: observer) { try resultSelector(v1!, v2!, v3!, v4!, v5!, v6!, v7!) }
            sink.attach(0, s1.asObservable()) { v1 = $0 }
            sink.attach(1, s2.asObservable()) { v2 = $0 }
            sink.attach(2, s3.asObservable()) { v3 = $0 }
            sink.attach(3, s4.asObservable()) { v4 = $0 }
            sink.attach(4, s5.asObservable()) { v5 = $0 }
            sink.attach(5, s6.asObservable()) { v6 = $0 }
            sink.attach(6, s7.asObservable()) { v7 = $0 }
            return sink
        }
    }

    /// `combineLatest` of eight sources; see the collection form for the rules.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType, O8: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6, _ s7: O7, _ s8: O8, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var v1: O1.Element?; var v2: O2.Element?; var v3: O3.Element?; var v4: O4.Element?; var v5: O5.Element?; var v6: O6.Element?; var v7: O7.Element?; var v8: O8.Element?
            let sink = CombineLatestStorageSink<Element>(arity: 8, observer: observer) { try resultSelector(v1!, v2!, v3!, v4!, v5!, v6!, v7!, v8!) }
            sink.attach(0, s1.asObservable()) { v1 = $0 }
            sink.attach(1, s2.asObservable()) { v2 = $0 }
            sink.attach(2, s3.asObservable()) { v3 = $0 }
            sink.attach(3, s4.asObservable()) { v4 = $0 }
            sink.attach(4, s5.asObservable()) { v5 = $0 }
            sink.attach(5, s6.asObservable()) { v6 = $0 }
            sink.attach(6, s7.asObservable()) { v7 = $0 }
            sink.attach(7, s8.asObservable()) { v8 = $0 }
            return sink
        }
    }

    /// `combineLatest` of two sources emitting tuples.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(_ s1: O1, _ s2: O2)
        -> Observable<(O1.Element, O2.Element)> where Element == (O1.Element, O2.Element) {
        combineLatest(s1, s2) { ($0, $1) }
    }

    /// `combineLatest` of three sources emitting tuples.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(_ s1: O1, _ s2: O2, _ s3: O3)
        -> Observable<(O1.Element, O2.Element, O3.Element)> where Element == (O1.Element, O2.Element, O3.Element) {
        combineLatest(s1, s2, s3) { ($0, $1, $2) }
    }
}

/// The two-source `combineLatest`, specialised for `Int`. Subscribing makes the sink and its
/// block of latest values, and its observer of each source captures nothing but the sink (with
/// the shared sink, a value pair, a combining closure and per source a store closure and a
/// capture list came with every subscription).
@_specialize(where A == Int, B == Int, R == Int)
func combineLatestOfTwo<A, B, R>(_ s1: Observable<A>, _ s2: Observable<B>,
                                 resultSelector: @escaping (A, B) throws -> R) -> Observable<R> {
    TwoSourceObservable<CombineLatestOfTwoSink<A, B, R>>(s1, s2, resultSelector: resultSelector)
}

/// combineLatest of two sources: the latest value of each, kept by the sink itself in one raw
/// block with a flag per value. Not as `A?` and `B?` fields: a generic class's deinit is compiled
/// once for all types, and destroying an optional there looked its metadata up (about 500
/// instructions per field, per subscription); `A`'s and `B`'s own are at hand.
final class CombineLatestOfTwoSink<A, B, R>: CombineLatestSink<R>, TwoSourceSink {
    /// Where the values live; initialised only once their flag is set.
    private let first: UnsafeMutablePointer<A>
    private let second: UnsafeMutablePointer<B>
    @exclusivity(unchecked) private var hasFirst = false
    @exclusivity(unchecked) private var hasSecond = false
    private let resultSelector: (A, B) throws -> R

    init(observer: AnyObserver<R>, resultSelector: @escaping (A, B) throws -> R) {
        // `B` after `A`, at `B`'s alignment; at least a byte, so the block is never empty.
        let offset = (MemoryLayout<A>.size + MemoryLayout<B>.alignment - 1) / MemoryLayout<B>.alignment * MemoryLayout<B>.alignment
        let block = RawBlock.allocate(byteCount: max(1, offset + MemoryLayout<B>.size), alignment: Self.alignment)
        first = block.bindMemory(to: A.self, capacity: 1)
        second = (block + offset).bindMemory(to: B.self, capacity: 1)
        self.resultSelector = resultSelector
        super.init(arity: 2, observer: observer)
    }

    deinit {
        if hasFirst { first.deinitialize(count: 1) }
        if hasSecond { second.deinitialize(count: 1) }
        RawBlock.deallocate(UnsafeMutableRawPointer(first), alignment: Self.alignment)
    }

    /// The block's alignment: the larger of the two values'.
    private static var alignment: Int { max(MemoryLayout<A>.alignment, MemoryLayout<B>.alignment) }

    /// Subscribes both sources in order.
    func attach(_ s1: Observable<A>, _ s2: Observable<B>) {
        keep(s1.subscribe(AnyObserver { [self] event in receive(event, from: 0) { storeFirst($0) } }), at: 0)
        keep(s2.subscribe(AnyObserver { [self] event in receive(event, from: 1) { storeSecond($0) } }), at: 1)
    }

    @inline(__always)
    private func storeFirst(_ value: A) {
        if hasFirst { first.pointee = value } else { first.initialize(to: value); hasFirst = true }
    }

    @inline(__always)
    private func storeSecond(_ value: B) {
        if hasSecond { second.pointee = value } else { second.initialize(to: value); hasSecond = true }
    }

    // Reached through the class table, compiled for any types: specialised, the values are
    // read and combined without their types' metadata.
    @_specialize(where A == Int, B == Int, R == Int)
    override func combine() throws -> R { try resultSelector(first.pointee, second.pointee) }
}
