import RxCore
import RxTestKit

/// Sharing operators that get re-entrant delivery wrong: one subscriber disposing or adding
/// another from inside its own `onNext` (SEMANTICS 1.5).
extension Mutants {
    /// What a broken `share(replay:)` (`.whileConnected`) gets wrong; right in everything else.
    public enum SharingFlaw: Sendable {
        /// It delivers an event to a snapshot taken when delivery starts, without asking
        /// whether each is still subscribed: one disposed during the delivery still gets it.
        case deliversToDisposedToo
        /// It delivers down the live list: one added during the delivery gets the event too.
        case deliversToAddedToo
        /// It replays to a new subscriber before it registers and counts it, as RxSwift's
        /// `share(replay: 1)` does: when the last other subscriber leaves during that replay, the
        /// connection ends under the new subscriber, which is then registered on it and never
        /// connects again.
        case replaysBeforeRegistering
    }

    /// `share(replay: replay)` with `flaw`.
    public static func share(_ source: Observable<Int>, replay: Int = 0, with flaw: SharingFlaw) -> Observable<Int> {
        BrokenShare(source: source, replay: replay, flaw: flaw)
    }

    private final class BrokenShare: Observable<Int> {
        final class Connection {
            var observers: [(id: Int, observer: AnyObserver<Int>)] = []
            var buffer: [Int] = []
            let subscription = SingleAssignmentDisposable()
            var isTerminated = false
        }

        private let source: Observable<Int>
        private let replay: Int
        private let flaw: SharingFlaw
        private var connection: Connection?
        private var nextID = 0

        init(source: Observable<Int>, replay: Int, flaw: SharingFlaw) {
            self.source = source
            self.replay = replay
            self.flaw = flaw
        }

        override func run(_ observer: AnyObserver<Int>) -> Disposable {
            let current = connection ?? Connection()
            let isNew = connection == nil
            connection = current
            let id = nextID
            nextID += 1
            if flaw == .replaysBeforeRegistering {
                for value in current.buffer { observer.on(.next(value)) }
                current.observers.append((id, observer))   // bug: only now, on a connection that may have ended
            } else {
                current.observers.append((id, observer))
                for value in current.buffer { observer.on(.next(value)) }
            }
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
            if event.isStopEvent {
                current.isTerminated = true
                if connection === current { connection = nil }
                for (_, observer) in current.observers { observer.on(event) }
                current.subscription.dispose()
                return
            }
            if case .next(let value) = event, replay > 0 {
                current.buffer = Array((current.buffer + [value]).suffix(replay))
            }
            switch flaw {
            case .deliversToDisposedToo:
                for (_, observer) in current.observers { observer.on(event) }   // bug: a snapshot, never rechecked
            case .deliversToAddedToo:
                var index = 0
                while index < current.observers.count {   // bug: the live list, which grows during delivery
                    current.observers[index].observer.on(event)
                    index += 1
                }
            case .replaysBeforeRegistering:
                let snapshot = current.observers
                for (id, observer) in snapshot where current.observers.contains(where: { $0.id == id }) {
                    observer.on(event)
                }
            }
        }
    }
}

extension Mutants {
    /// A `PublishSubject`, fed by `source` from now on, that delivers down its live list of
    /// observers: one added during a delivery gets that event too. Right in everything else.
    public static func publishSubjectDeliveringToAdded(fedBy source: Observable<Int>) -> Observable<Int> {
        let subject = LiveListSubject()
        _ = source.subscribe(AnyObserver { event in subject.on(event) })
        return subject
    }

    private final class LiveListSubject: Observable<Int> {
        private var observers: [(id: Int, observer: AnyObserver<Int>)] = []
        private var stopEvent: Event<Int>?
        private var nextID = 0

        func on(_ event: Event<Int>) {
            guard stopEvent == nil else { return }
            if event.isStopEvent {
                stopEvent = event
                let present = observers
                observers = []
                for (_, observer) in present { observer.on(event) }
                return
            }
            var index = 0
            while index < observers.count {   // bug: the live list, which grows during delivery
                observers[index].observer.on(event)
                index += 1
            }
        }

        override func run(_ observer: AnyObserver<Int>) -> Disposable {
            if let stopEvent {
                observer.on(stopEvent)
                return Disposables.create()
            }
            let id = nextID
            nextID += 1
            observers.append((id, observer))
            return Disposables.create { [weak self] in self?.observers.removeAll { $0.id == id } }
        }
    }
}
