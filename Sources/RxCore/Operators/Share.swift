/// How long `share(replay:scope:)` keeps its subject.
public enum SubjectLifetimeScope: Sendable {
    /// The replay buffer lives as long as one connection: when the source terminates or the
    /// last subscriber leaves, it is dropped and the next subscriber starts a new connection.
    case whileConnected
    /// One subject for the operator's whole life: a late subscriber first gets stale replay;
    /// after the source terminated, every new subscriber gets the replay and the terminal and
    /// the source is never subscribed again.
    case forever
}

extension ObservableType {
    /// Shares one subscription to this sequence among all subscribers, replaying the last
    /// `replay` elements to each new one. The source is subscribed when the subscriber count
    /// goes 0 → 1 (after that subscriber is registered and has its replay) and unsubscribed
    /// when it goes 1 → 0.
    ///
    /// Completes / Errors: with the source, for the subscribers present then. Terminals are
    /// never replayed with `.whileConnected` (the next subscriber reconnects).
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        precondition(replay >= 0, "share(replay:) needs a replay count of 0 or more")
        switch scope {
        case .whileConnected: return ShareWhileConnected(source: asObservable(), replay: replay)
        case .forever: return ShareForever(source: asObservable(), replay: replay)
        }
    }
}

/// `.whileConnected`: a fresh connection (buffer and observers) per 0 → 1 transition.
private final class ShareWhileConnected<Element>: Observable<Element> {
    final class Connection {
        var observers: [(id: Int, observer: AnyObserver<Element>)] = []
        var buffer: [Element] = []
        var subscription: Disposable?
        var isTerminated = false
    }

    private let source: Observable<Element>
    private let replay: Int
    private var connection: Connection?
    private var nextID = 0

    init(source: Observable<Element>, replay: Int) {
        self.source = source
        self.replay = replay
    }

    override func run(_ observer: AnyObserver<Element>) -> Disposable {
        let current = connection ?? Connection()
        let isNew = connection == nil
        connection = current
        let id = nextID
        nextID += 1
        current.observers.append((id, observer))
        for value in current.buffer { observer.on(.next(value)) }
        if isNew {
            let subscription = SingleAssignmentDisposable()
            current.subscription = subscription
            subscription.setDisposable(source.subscribe(AnyObserver { [weak self, weak current] event in
                guard let self, let current else { return }
                self.dispatch(event, on: current)
            }))
        }
        return Disposables.create { [weak self, weak current] in
            guard let self, let current else { return }
            current.observers.removeAll { $0.id == id }
            if current.observers.isEmpty && !current.isTerminated {
                if self.connection === current { self.connection = nil }
                current.subscription?.dispose()
            }
        }
    }

    private func dispatch(_ event: Event<Element>, on current: Connection) {
        guard !current.isTerminated else { return }
        if case .next(let value) = event, replay > 0 {
            current.buffer.append(value)
            if current.buffer.count > replay { current.buffer.removeFirst(current.buffer.count - replay) }
        }
        if event.isStopEvent {
            current.isTerminated = true
            if connection === current { connection = nil }
        }
        let snapshot = current.observers
        for (id, observer) in snapshot where current.observers.contains(where: { $0.id == id }) || event.isStopEvent {
            observer.on(event)
        }
        if event.isStopEvent { current.subscription?.dispose() }
    }
}

/// `.forever`: one subject for life, connected while anyone listens.
private final class ShareForever<Element>: Observable<Element> {
    private let source: Observable<Element>
    private let subject: Observable<Element>
    private let input: AnyObserver<Element>
    private var count = 0
    private var subscription: Disposable?
    private var isTerminated = false

    init(source: Observable<Element>, replay: Int) {
        self.source = source
        if replay == 0 {
            let subject = PublishSubject<Element>()
            self.subject = subject
            self.input = subject.asObserver()
        } else {
            let subject = ReplaySubject<Element>.create(bufferSize: replay)
            self.subject = subject
            self.input = subject.asObserver()
        }
    }

    override func run(_ observer: AnyObserver<Element>) -> Disposable {
        let inner = subject.subscribe(observer)
        count += 1
        if count == 1 && !isTerminated {
            let connection = SingleAssignmentDisposable()
            subscription = connection
            connection.setDisposable(source.subscribe(AnyObserver { [weak self] event in
                guard let self else { return }
                if event.isStopEvent { self.isTerminated = true }
                self.forward(event)
            }))
        }
        return Disposables.create { [weak self] in
            inner.dispose()
            guard let self else { return }
            self.count -= 1
            if self.count == 0 {
                self.subscription?.dispose()
                self.subscription = nil
            }
        }
    }

    private func forward(_ event: Event<Element>) { input.on(event) }
}
