/// An observable that subscribes its source only when `connect()` is called; subscribers share
/// that one subscription through a subject.
public class ConnectableObservable<Element>: Observable<Element> {
    /// Subscribes the source. Calling it while connected returns the same connection;
    /// disposing the connection unsubscribes the source without notifying subscribers and
    /// discards the connection's subject.
    public func connect() -> Disposable { fatalError("ConnectableObservable.connect must be overridden") }
}

extension ObservableType {
    /// A connectable observable whose subject comes from `makeSubject`: a fresh one for each
    /// connection. Disposing the connection, or a source terminal, discards the subject, so a
    /// later `connect()` resubscribes the source through a new subject and subscribers of the
    /// old one hear nothing more.
    /// Completes and errors: subscribers get the source's terminal through the subject, once
    /// connected.
    ///
    public func multicast<Subject: ObserverType & ObservableType>(_ makeSubject: @escaping () -> Subject)
        -> ConnectableObservable<Element> where Subject.Element == Element {
        Multicast(source: asObservable(), makeSubject: {
            let subject = makeSubject()
            return (subject.asObservable(), subject.asObserver())
        })
    }

    /// Each subscription makes its own subject, lets `selector` build the output from that
    /// subject's sequence (subscribing it as often as it likes), subscribes the output, and only
    /// then connects the source — so a synchronous source reaches every use. A throwing factory
    /// or selector fails the output at subscription.
    public func multicast<Subject: ObserverType & ObservableType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Element == Element {
        let source = asObservable()
        return Producer { observer in
            let sink = MulticastSelectorSink(observer: observer)
            do {
                let subject = try subjectSelector()
                let connectable = source.multicast { subject }
                let output = try selector(connectable)
                sink.subscription.setDisposable(output.subscribe(AnyObserver { sink.forward($0) }))
                sink.connection.setDisposable(connectable.connect())
            } catch {
                sink.forwardError(error)
            }
            return sink
        }
    }

    /// `multicast` through a `PublishSubject`: late subscribers miss earlier elements.
    public func publish() -> ConnectableObservable<Element> {
        multicast { PublishSubject<Element>() }
    }

    /// `multicast` through a `ReplaySubject` of `bufferSize`.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast { ReplaySubject<Element>.create(bufferSize: bufferSize) }
    }

    /// `multicast` through an unbounded `ReplaySubject`.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast { ReplaySubject<Element>.createUnbounded() }
    }
}

private final class Multicast<Element>: ConnectableObservable<Element> {
    private let source: Observable<Element>
    private let makeSubject: () -> (Observable<Element>, AnyObserver<Element>)
    private var subject: (output: Observable<Element>, input: AnyObserver<Element>)?
    private var connection: Connection?

    final class Connection: Disposable {
        weak var parent: Multicast<Element>?
        let subscription = SingleAssignmentDisposable()
        init(parent: Multicast<Element>) { self.parent = parent }
        func dispose() {
            // The subject belongs to this connection: the next one starts a fresh subject, so
            // nothing of this connection is replayed to its subscribers.
            if let parent, parent.connection === self {
                parent.connection = nil
                parent.subject = nil
            }
            subscription.dispose()
        }
    }

    init(source: Observable<Element>, makeSubject: @escaping () -> (Observable<Element>, AnyObserver<Element>)) {
        self.source = source
        self.makeSubject = makeSubject
    }

    private var currentSubject: (output: Observable<Element>, input: AnyObserver<Element>) {
        if let subject { return subject }
        let fresh = makeSubject()
        subject = fresh
        return fresh
    }

    override func run(_ observer: AnyObserver<Element>) -> Disposable {
        currentSubject.output.subscribe(observer)
    }

    override func connect() -> Disposable {
        if let connection { return connection }
        let connection = Connection(parent: self)
        self.connection = connection
        let input = currentSubject.input
        connection.subscription.setDisposable(source.subscribe(AnyObserver { [weak self, weak connection] event in
            if event.isStopEvent, let self, let connection, self.connection === connection {
                self.connection = nil
                self.subject = nil   // the next connection gets a fresh subject
            }
            input.on(event)
        }))
        return connection
    }
}

extension ConnectableObservable {
    /// Connects when the subscriber count goes 0 → 1 (after registering that subscriber) and
    /// disconnects when it goes 1 → 0. A source terminal resets the count, so the next
    /// subscriber connects anew. `share()` behaves like `publish().refCount()`.
    public func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}

private final class RefCount<Element>: Observable<Element> {
    private let source: ConnectableObservable<Element>
    private var count = 0
    private var connection: Disposable?
    private var generation = 0

    init(source: ConnectableObservable<Element>) { self.source = source }

    override func run(_ observer: AnyObserver<Element>) -> Disposable {
        let myGeneration = generation
        let subscription = source.subscribe(AnyObserver { [weak self] event in
            if event.isStopEvent, let self, self.generation == myGeneration {
                self.generation += 1
                self.count = 0
                self.connection = nil
            }
            observer.on(event)
        })
        count += 1
        if count == 1 { connection = source.connect() }
        return Disposables.create { [weak self] in
            subscription.dispose()
            guard let self, self.generation == myGeneration else { return }
            self.count -= 1
            if self.count == 0 {
                self.connection?.dispose()
                self.connection = nil
            }
        }
    }
}

private final class MulticastSelectorSink<Element>: Sink<Element> {
    let subscription = SingleAssignmentDisposable()
    let connection = SingleAssignmentDisposable()

    override func disposeUpstream() {
        subscription.dispose()
        connection.dispose()
    }
}
