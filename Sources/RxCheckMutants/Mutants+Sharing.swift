import RxCore
import RxTestKit

/// Sharing operators that get re-entrant delivery wrong: one subscriber disposing or adding
/// another from inside its own `onNext` (SEMANTICS 1.5).
extension Mutants {
    /// How a broken `share()` hands an event to its subscribers.
    public enum SharedDelivery: Sendable {
        /// To a snapshot taken when delivery starts, without asking whether each is still
        /// subscribed: one disposed during the delivery still gets the event.
        case toDisposedToo
        /// Down the live list: one added during the delivery gets the event too.
        case toAddedToo
    }

    /// `share()` (no replay, `.whileConnected`) whose delivery to its subscribers is `delivery`;
    /// right in everything else.
    public static func shareDelivering(_ delivery: SharedDelivery, _ source: Observable<Int>) -> Observable<Int> {
        BrokenShare(source: source, delivery: delivery)
    }

    private final class BrokenShare: Observable<Int> {
        private let source: Observable<Int>
        private let delivery: SharedDelivery
        private var observers: [(id: Int, observer: AnyObserver<Int>)] = []
        private var nextID = 0
        private var connection: SingleAssignmentDisposable?

        init(source: Observable<Int>, delivery: SharedDelivery) {
            self.source = source
            self.delivery = delivery
        }

        override func run(_ observer: AnyObserver<Int>) -> Disposable {
            let id = nextID
            nextID += 1
            observers.append((id, observer))
            if observers.count == 1 {
                let subscription = SingleAssignmentDisposable()
                connection = subscription
                subscription.setDisposable(source.subscribe(AnyObserver { [weak self] event in self?.dispatch(event) }))
            }
            return Disposables.create { [weak self] in
                guard let self, let index = self.observers.firstIndex(where: { $0.id == id }) else { return }
                self.observers.remove(at: index)
                if self.observers.isEmpty {
                    self.connection?.dispose()
                    self.connection = nil
                }
            }
        }

        private func dispatch(_ event: Event<Int>) {
            if event.isStopEvent {
                let present = observers
                observers = []
                let ended = connection
                connection = nil
                for (_, observer) in present { observer.on(event) }
                ended?.dispose()
                return
            }
            switch delivery {
            case .toDisposedToo:
                for (_, observer) in observers { observer.on(event) }   // bug: a snapshot, never rechecked
            case .toAddedToo:
                var index = 0
                while index < observers.count {   // bug: the live list, which grows during delivery
                    observers[index].observer.on(event)
                    index += 1
                }
            }
        }
    }
    /// `share(replay: n)` (`.whileConnected`) that replays to a new subscriber before it registers
    /// and counts it, as RxSwift's `share(replay: 1)` does: when the last other subscriber leaves
    /// during that replay, the connection ends under the new subscriber, which is then registered
    /// on it and never connects again. Right in everything else.
    public static func shareReplayingBeforeRegistering(_ source: Observable<Int>, replay: Int) -> Observable<Int> {
        ReplayFirstShare(source: source, replay: replay)
    }

    private final class ReplayFirstShare: Observable<Int> {
        final class Connection {
            var observers: [(id: Int, observer: AnyObserver<Int>)] = []
            var buffer: [Int] = []
            let subscription = SingleAssignmentDisposable()
            var isTerminated = false
        }

        private let source: Observable<Int>
        private let replay: Int
        private var connection: Connection?
        private var nextID = 0

        init(source: Observable<Int>, replay: Int) {
            self.source = source
            self.replay = replay
        }

        override func run(_ observer: AnyObserver<Int>) -> Disposable {
            let current = connection ?? Connection()
            let isNew = connection == nil
            connection = current
            let id = nextID
            nextID += 1
            for value in current.buffer { observer.on(.next(value)) }
            current.observers.append((id, observer))   // bug: only after the replay, on a connection that may have ended
            if isNew {
                current.subscription.setDisposable(source.subscribe(AnyObserver { [weak self, weak current] event in
                    guard let self, let current else { return }
                    self.dispatch(event, on: current)
                }))
            }
            return Disposables.create { [weak self, weak current] in
                guard let self, let current else { return }
                current.observers.removeAll { $0.id == id }
                if current.observers.isEmpty && !current.isTerminated {
                    if self.connection === current { self.connection = nil }
                    current.subscription.dispose()
                }
            }
        }

        private func dispatch(_ event: Event<Int>, on current: Connection) {
            guard !current.isTerminated else { return }
            if case .next(let value) = event, replay > 0 {
                current.buffer = Array((current.buffer + [value]).suffix(replay))
            }
            if event.isStopEvent {
                current.isTerminated = true
                if connection === current { connection = nil }
            }
            let snapshot = current.observers
            for (id, observer) in snapshot where event.isStopEvent || current.observers.contains(where: { $0.id == id }) {
                observer.on(event)
            }
            if event.isStopEvent { current.subscription.dispose() }
        }
    }
}
