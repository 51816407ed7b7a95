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
    ) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
        let sources = collection.map { $0.asObservable() }
        return Producer { observer in
            var queues = [ZipQueue<Collection.Element.Element>](filled: ZipQueue(), count: sources.count)
            let sink = ZipStorageSink<Element>(arity: sources.count, completesLazily: true, observer: observer) {
                try resultSelector(queues.indices.map { queues[$0].pop() })
            }
            if sources.isEmpty { sink.forwardCompleted() }
            for (index, source) in sources.enumerated() { sink.attach(index, source) { queues[index].push($0) } }
            return sink
        }
    }

    /// The collection form emitting arrays.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
        where Collection.Element: ObservableConvertibleType, Element == [Collection.Element.Element] {
        zip(collection) { $0 }
    }
}

/// A FIFO of one zip source's buffered elements.
struct ZipQueue<Value> {
    private var items: [Value] = []
    private var head = 0

    mutating func push(_ value: Value) { items.append(value) }

    /// The oldest element; the sink only pops when every queue has one.
    mutating func pop() -> Value {
        let value = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return value
    }
}

/// The bookkeeping of zip, independent of the sources' element types: how many elements each
/// source has buffered. The elements themselves wait in typed queues that `pop()` drains one
/// row at a time.
class ZipSink<Element>: IndexedSourcesSink<Element> {
    private let completesLazily: Bool
    @exclusivity(unchecked) private var buffered: [Int]

    init(arity: Int, completesLazily: Bool, observer: AnyObserver<Element>) {
        self.completesLazily = completesLazily
        self.buffered = Array(filled: 0, count: arity)
        super.init(arity: arity, observer: observer)
    }

    /// Takes one element from every queue and applies the selector; called only once all have
    /// one. Overridden by each form.
    func pop() throws -> Element { preconditionFailure("a zip sink pops its own queues") }

    @_specialize(where Element == Int)
    override final func next(_ index: Int) {
        buffered[index] += 1
        if !buffered.contains(0) {
            for source in 0..<arity { buffered[source] -= 1 }
            do { forwardNext(try pop()) } catch { forwardError(error) }
        } else if completesLazily && allOthersDone(index) {
            forwardCompleted()
        }
    }
}

/// zip of a collection or of three to eight sources: the queues live in the caller's typed
/// storage, filled by `attach` and popped by a closure.
final class ZipStorageSink<Element>: ZipSink<Element> {
    /// A `let`: calling it then holds no extra reference to its context.
    private let popStored: () throws -> Element

    init(arity: Int, completesLazily: Bool, observer: AnyObserver<Element>, pop: @escaping () throws -> Element) {
        self.popStored = pop
        super.init(arity: arity, completesLazily: completesLazily, observer: observer)
    }

    override func pop() throws -> Element { try popStored() }
}

// Fixed arity: unlike the collection form, completes only when every source has completed,
// even when a completed source's queue is empty and nothing can pair again (RxSwift 5+). From
// three sources on, each adapter keeps typed queues and hands the storage sink a closure that
// pops one row; two sources, the common case, have a sink of their own (`zipOfTwo`, below).
extension ObservableType {
    /// `zip` of two sources. Completes only when all have completed.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        zipOfTwo(s1.asObservable(), s2.asObservable(), resultSelector: resultSelector)
    }

    /// `zip` of three sources. Completes only when all have completed.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var q1 = ZipQueue<O1.Element>(); var q2 = ZipQueue<O2.Element>(); var q3 = ZipQueue<O3.Element>()
            let sink = ZipStorageSink<Element>(arity: 3, completesLazily: false, observer: observer) { try resultSelector(q1.pop(), q2.pop(), q3.pop()) }
            sink.attach(0, s1.asObservable()) { q1.push($0) }
            sink.attach(1, s2.asObservable()) { q2.push($0) }
            sink.attach(2, s3.asObservable()) { q3.push($0) }
            return sink
        }
    }

    /// `zip` of four sources. Completes only when all have completed.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var q1 = ZipQueue<O1.Element>(); var q2 = ZipQueue<O2.Element>(); var q3 = ZipQueue<O3.Element>(); var q4 = ZipQueue<O4.Element>()
            let sink = ZipStorageSink<Element>(arity: 4, completesLazily: false, observer: observer) { try resultSelector(q1.pop(), q2.pop(), q3.pop(), q4.pop()) }
            sink.attach(0, s1.asObservable()) { q1.push($0) }
            sink.attach(1, s2.asObservable()) { q2.push($0) }
            sink.attach(2, s3.asObservable()) { q3.push($0) }
            sink.attach(3, s4.asObservable()) { q4.push($0) }
            return sink
        }
    }

    /// `zip` of five sources. Completes only when all have completed.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var q1 = ZipQueue<O1.Element>(); var q2 = ZipQueue<O2.Element>(); var q3 = ZipQueue<O3.Element>(); var q4 = ZipQueue<O4.Element>(); var q5 = ZipQueue<O5.Element>()
            let sink = ZipStorageSink<Element>(arity: 5, completesLazily: false, observer: observer) { try resultSelector(q1.pop(), q2.pop(), q3.pop(), q4.pop(), q5.pop()) }
            sink.attach(0, s1.asObservable()) { q1.push($0) }
            sink.attach(1, s2.asObservable()) { q2.push($0) }
            sink.attach(2, s3.asObservable()) { q3.push($0) }
            sink.attach(3, s4.asObservable()) { q4.push($0) }
            sink.attach(4, s5.asObservable()) { q5.push($0) }
            return sink
        }
    }

    /// `zip` of six sources. Completes only when all have completed.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var q1 = ZipQueue<O1.Element>(); var q2 = ZipQueue<O2.Element>(); var q3 = ZipQueue<O3.Element>(); var q4 = ZipQueue<O4.Element>(); var q5 = ZipQueue<O5.Element>(); var q6 = ZipQueue<O6.Element>()
            let sink = ZipStorageSink<Element>(arity: 6, completesLazily: false, observer: observer) { try resultSelector(q1.pop(), q2.pop(), q3.pop(), q4.pop(), q5.pop(), q6.pop()) }
            sink.attach(0, s1.asObservable()) { q1.push($0) }
            sink.attach(1, s2.asObservable()) { q2.push($0) }
            sink.attach(2, s3.asObservable()) { q3.push($0) }
            sink.attach(3, s4.asObservable()) { q4.push($0) }
            sink.attach(4, s5.asObservable()) { q5.push($0) }
            sink.attach(5, s6.asObservable()) { q6.push($0) }
            return sink
        }
    }

    /// `zip` of seven sources. Completes only when all have completed.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6, _ s7: O7, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var q1 = ZipQueue<O1.Element>(); var q2 = ZipQueue<O2.Element>(); var q3 = ZipQueue<O3.Element>(); var q4 = ZipQueue<O4.Element>(); var q5 = ZipQueue<O5.Element>(); var q6 = ZipQueue<O6.Element>(); var q7 = ZipQueue<O7.Element>()
            let sink = ZipStorageSink<Element>(arity: 7, completesLazily: false, observer: observer) { try resultSelector(q1.pop(), q2.pop(), q3.pop(), q4.pop(), q5.pop(), q6.pop(), q7.pop()) }
            sink.attach(0, s1.asObservable()) { q1.push($0) }
            sink.attach(1, s2.asObservable()) { q2.push($0) }
            sink.attach(2, s3.asObservable()) { q3.push($0) }
            sink.attach(3, s4.asObservable()) { q4.push($0) }
            sink.attach(4, s5.asObservable()) { q5.push($0) }
            sink.attach(5, s6.asObservable()) { q6.push($0) }
            sink.attach(6, s7.asObservable()) { q7.push($0) }
            return sink
        }
    }

    /// `zip` of eight sources. Completes only when all have completed.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType, O8: ObservableConvertibleType>(
        _ s1: O1, _ s2: O2, _ s3: O3, _ s4: O4, _ s5: O5, _ s6: O6, _ s7: O7, _ s8: O8, resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws -> Element
    ) -> Observable<Element> {
        Producer { observer in
            var q1 = ZipQueue<O1.Element>(); var q2 = ZipQueue<O2.Element>(); var q3 = ZipQueue<O3.Element>(); var q4 = ZipQueue<O4.Element>(); var q5 = ZipQueue<O5.Element>(); var q6 = ZipQueue<O6.Element>(); var q7 = ZipQueue<O7.Element>(); var q8 = ZipQueue<O8.Element>()
            let sink = ZipStorageSink<Element>(arity: 8, completesLazily: false, observer: observer) { try resultSelector(q1.pop(), q2.pop(), q3.pop(), q4.pop(), q5.pop(), q6.pop(), q7.pop(), q8.pop()) }
            sink.attach(0, s1.asObservable()) { q1.push($0) }
            sink.attach(1, s2.asObservable()) { q2.push($0) }
            sink.attach(2, s3.asObservable()) { q3.push($0) }
            sink.attach(3, s4.asObservable()) { q4.push($0) }
            sink.attach(4, s5.asObservable()) { q5.push($0) }
            sink.attach(5, s6.asObservable()) { q6.push($0) }
            sink.attach(6, s7.asObservable()) { q7.push($0) }
            sink.attach(7, s8.asObservable()) { q8.push($0) }
            return sink
        }
    }

    /// `zip` of two sources emitting tuples.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(_ s1: O1, _ s2: O2)
        -> Observable<(O1.Element, O2.Element)> where Element == (O1.Element, O2.Element) {
        zip(s1, s2) { ($0, $1) }
    }
}

/// The two-source `zip`, specialised for `Int`. Subscribing makes one object: the sink holds
/// both queues itself, and its observer of each source captures nothing but the sink (as
/// `combineLatestOfTwo` does).
@_specialize(where A == Int, B == Int, R == Int)
func zipOfTwo<A, B, R>(_ s1: Observable<A>, _ s2: Observable<B>,
                       resultSelector: @escaping (A, B) throws -> R) -> Observable<R> {
    TwoSourceObservable<ZipOfTwoSink<A, B, R>>(s1, s2, resultSelector: resultSelector)
}

/// zip of two sources: the queue of each, kept in the sink itself.
final class ZipOfTwoSink<A, B, R>: ZipSink<R>, TwoSourceSink {
    @exclusivity(unchecked) private var first = ZipQueue<A>()
    @exclusivity(unchecked) private var second = ZipQueue<B>()
    private let resultSelector: (A, B) throws -> R

    init(observer: AnyObserver<R>, resultSelector: @escaping (A, B) throws -> R) {
        self.resultSelector = resultSelector
        super.init(arity: 2, completesLazily: false, observer: observer)
    }

    /// Subscribes both sources in order.
    func attach(_ s1: Observable<A>, _ s2: Observable<B>) {
        keep(s1.subscribe(AnyObserver { [self] event in receive(event, from: 0) { first.push($0) } }), at: 0)
        keep(s2.subscribe(AnyObserver { [self] event in receive(event, from: 1) { second.push($0) } }), at: 1)
    }

    // Reached through the class table, compiled for any types: specialised, the queues are
    // read without their types' metadata.
    @_specialize(where A == Int, B == Int, R == Int)
    override func pop() throws -> R { try resultSelector(first.pop(), second.pop()) }
}
