/// A sink over several sources subscribed in order and told apart by index (combineLatest,
/// zip). It keeps each source's subscription and done flag, unsubscribes a source at its own
/// completion, completes the output when all are done, and forwards the first error. The
/// values themselves live in the caller's typed storage, filled by `attach`'s `store`.
class IndexedSourcesSink<Element>: Sink<Element> {
    final let arity: Int
    @exclusivity(unchecked) final private(set) var doneCount = 0
    /// The first two sources' upstreams in the sink itself, the rest in an array: most sinks
    /// have two sources, and then there is no array to allocate and destroy per subscription.
    @exclusivity(unchecked) private var firstUpstream = Upstream()
    @exclusivity(unchecked) private var secondUpstream = Upstream()
    @exclusivity(unchecked) private var laterUpstreams: [Upstream]

    init(arity: Int, observer: AnyObserver<Element>) {
        self.arity = arity
        self.laterUpstreams = arity > 2 ? Array(filled: Upstream(), count: arity - 2) : []
        super.init(observer: observer)
    }

    /// Runs `body` on source `index`'s upstream in place.
    @inline(__always)
    private func withUpstream<R>(_ index: Int, _ body: (inout Upstream) -> R) -> R {
        switch index {
        case 0: return body(&firstUpstream)
        case 1: return body(&secondUpstream)
        default: return body(&laterUpstreams[index - 2])
        }
    }

    /// Subscribes source `index`; each element goes to `store`, then to `next(_:)`. Like
    /// RxSwift, a source is subscribed even when an earlier one already ended the output inside
    /// its subscribe call; its subscription is then disposed at once (a zero-length entry).
    @_specialize(where Element == Int, Value == Int)
    final func attach<Value>(_ index: Int, _ source: Observable<Value>, store: @escaping (Value) -> Void) {
        keep(source.subscribe(AnyObserver { [self] event in receive(event, from: index, store: store) }), at: index)
    }

    /// Handles source `index`'s `event`: an element goes to `store`, then to `next(_:)`; a
    /// terminal ends that source. For a sink that subscribes its sources itself (`keep`), with
    /// a store that needs no closure object of its own.
    @inline(__always)
    final func receive<Value>(_ event: Event<Value>, from index: Int, store: (Value) -> Void) {
        switch event {
        case .next(let value):
            guard !isDisposed else { return }
            store(value)
            next(index)
        case .error(let error): forwardError(error)
        case .completed: complete(index)
        }
    }

    /// Keeps source `index`'s subscription, once its subscribe call has returned. Disposed
    /// inside that call (it completed there, or the output ended), it goes at once.
    final func keep(_ subscription: Disposable, at index: Int) {
        let disposed = withUpstream(index) { upstream in
            if !upstream.isDisposed { upstream.subscription = subscription }
            return upstream.isDisposed
        }
        if disposed { subscription.dispose() }
    }

    /// Source `index` delivered an element (already stored). Override point.
    func next(_ index: Int) {}

    /// Notes that source `index` has delivered an element; true the first time (combineLatest's
    /// count of sources with a value).
    final func markHasValue(_ index: Int) -> Bool {
        withUpstream(index) { upstream in
            guard !upstream.hasValue else { return false }
            upstream.hasValue = true
            return true
        }
    }

    /// True when every source other than `index` has completed.
    final func allOthersDone(_ index: Int) -> Bool { doneCount == arity - 1 && !withUpstream(index) { $0.isDone } }

    private func complete(_ index: Int) {
        guard withUpstream(index, { upstream in
            guard !upstream.isDone else { return false }
            upstream.isDone = true
            return true
        }) else { return }
        doneCount += 1
        disposeUpstream(index)
        if doneCount == arity { forwardCompleted() }
    }

    /// Disposes source `index`'s subscription once, taken out of its slot before its dispose
    /// runs (which may reach this sink again).
    private func disposeUpstream(_ index: Int) {
        let subscription = withUpstream(index) { upstream -> Disposable? in
            guard !upstream.isDisposed else { return nil }
            upstream.isDisposed = true
            let subscription = upstream.subscription
            upstream.subscription = nil
            return subscription
        }
        subscription?.dispose()
    }

    override func disposeUpstream() {
        for index in 0..<arity { disposeUpstream(index) }
    }
}

/// One source's subscription in an `IndexedSourcesSink` (nil until its subscribe call returns,
/// and once disposed) and flags: one of these per source instead of a disposable object per
/// source and flag arrays. Outside the generic sink, so its type needs no run-time look-up.
private struct Upstream {
    var subscription: Disposable?
    var isDone = false
    var isDisposed = false
    var hasValue = false
}

/// The sink of a two-source form (combineLatest's, zip's): it keeps both sources' values itself
/// and combines them with the form's result selector.
protocol TwoSourceSink: Disposable {
    associatedtype First
    associatedtype Second
    associatedtype Output
    init(observer: AnyObserver<Output>, resultSelector: @escaping (First, Second) throws -> Output)
    /// Subscribes both sources in order.
    func attach(_ first: Observable<First>, _ second: Observable<Second>)
}

/// The observable of a two-source form: its sources and result selector as fields (a `Producer`
/// would add a closure context to every observable made).
final class TwoSourceObservable<Sink: TwoSourceSink>: Observable<Sink.Output> {
    private let first: Observable<Sink.First>
    private let second: Observable<Sink.Second>
    private let resultSelector: (Sink.First, Sink.Second) throws -> Sink.Output

    init(_ first: Observable<Sink.First>, _ second: Observable<Sink.Second>,
         resultSelector: @escaping (Sink.First, Sink.Second) throws -> Sink.Output) {
        (self.first, self.second, self.resultSelector) = (first, second, resultSelector)
    }

    // Reached through the class table, compiled for any types: the specialisation's type check
    // comes first, and the sink's class is then a constant.
    @_specialize(where Sink == CombineLatestOfTwoSink<Int, Int, Int>)
    @_specialize(where Sink == ZipOfTwoSink<Int, Int, Int>)
    override func run(_ observer: AnyObserver<Sink.Output>) -> Disposable {
        CurrentThreadScheduler.subscribing {
            let sink = Sink(observer: observer, resultSelector: resultSelector)
            sink.attach(first, second)
            return sink
        }
    }
}
