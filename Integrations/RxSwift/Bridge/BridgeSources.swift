// The sources a bridge run makes beyond RxTest's own: a scripted hot source, which fires in the
// scenario's tie order (RxTest's hot observable fires same-tick events in creation order only)
// and, as a behavior source, hands a new subscription the latest event; and a synchronous source,
// which delivers everything inside subscribe.

import RxSwift
import RxTest

/// A hot source with RxTest's semantics, fired by the run in the scenario's hot order: every
/// subscription is logged at the scheduler's clock when it starts and when it is disposed, and
/// each event goes to the subscribers of the moment, in the order they subscribed.
final class ScriptedHotSource {
    private let scheduler: TestScheduler
    private let events: [BridgeEvent]
    private let replaysLatest: Bool
    /// Every subscription so far, in subscription order.
    private(set) var subscriptions: [BridgeSubscription] = []
    private var observers: [(key: Int, observer: AnyObserver<Int>)] = []
    private var nextKey = 0
    private var latest: Int?

    init(scheduler: TestScheduler, events: [BridgeEvent], replaysLatest: Bool) {
        self.scheduler = scheduler
        self.events = events
        self.replaysLatest = replaysLatest
    }

    /// Fires event `index` to every current subscriber.
    func fire(_ index: Int) {
        latest = index
        let event = Self.event(events[index])
        for (_, observer) in observers { observer.on(event) }
    }

    /// The source as code under test sees it. `Observable.create` ends a subscription when
    /// its terminal is delivered, as RxSwift's wrapper of any `ObservableType` does.
    var observable: Observable<Int> {
        Observable.create { [self] observer in subscribe(observer) }
    }

    private func subscribe(_ observer: AnyObserver<Int>) -> Disposable {
        let log = subscriptions.count
        subscriptions.append(BridgeSubscription(scheduler.clock))
        if replaysLatest, let latest, events[latest].kind != .next {
            subscriptions[log].unsubscribe = scheduler.clock
            observer.on(Self.event(events[latest]))
            return Disposables.create()
        }
        let key = nextKey
        nextKey += 1
        observers.append((key, observer))
        // As RxSwift's BehaviorSubject: registered first, then handed the current element.
        if replaysLatest, let latest { observer.on(Self.event(events[latest])) }
        return Disposables.create { [self] in
            guard let position = observers.firstIndex(where: { $0.key == key }) else { return }
            observers.remove(at: position)
            subscriptions[log].unsubscribe = scheduler.clock
        }
    }

    static func event(_ event: BridgeEvent) -> Event<Int> {
        switch event.kind {
        case .next: return .next(event.value)
        case .completed: return .completed
        case .error: return .error(BridgeError(event.value))
        }
    }
}

/// A source that delivers all its events inside subscribe (`just`, `of`, `from`), up to its
/// terminal. It keeps no subscription log, as in RxCheck's runs.
enum SynchronousSource {
    static func make(_ events: [BridgeEvent]) -> Observable<Int> {
        Observable.create { observer in
            for event in events {
                observer.on(ScriptedHotSource.event(event))
                if event.kind != .next { break }
            }
            return Disposables.create()
        }
    }
}
