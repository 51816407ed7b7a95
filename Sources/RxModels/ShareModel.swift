import RxCore
import RxTestKit

/// share(replay:scope:), the connectables refCounted or connected at once (SEMANTICS §8) and the
/// subjects (§9), for several subscribers: subscriber 0 is the scenario's main window, then
/// `extraSubscribers`.
public enum ShareModel {
    /// How the shared subject lives.
    public enum Lifetime: Sendable, Equatable {
        /// `share(replay:scope: .whileConnected)`: buffer and connection dropped at a source
        /// terminal or when the last subscriber leaves; the next subscriber connects anew with an
        /// empty buffer. A new subscriber is registered and counted before its replay.
        case whileConnected
        /// `publish()` / `replay(n)` with `refCount()`: the same, but through a subject per
        /// connection that replays before it registers, and counted only after: a subscriber
        /// whose replay sees the last other one leave is left on the subject of the connection
        /// that ended (RxSwift's order).
        case refCounted
        /// `.forever`: one subject for life; after the source terminated, new subscribers get
        /// the buffer and the terminal, and the source is never subscribed again.
        case forever
        /// `publish()` / `replay(n)` connected as they are created, before anyone subscribes:
        /// the subject replays before it registers, and nobody's leaving disconnects it. A source
        /// terminal drops the subject; a later subscriber gets a fresh one that is never
        /// connected, and hears nothing.
        case connected
        /// A subject the source feeds from creation: `PublishSubject` (replay 0), `ReplaySubject`
        /// (replay n: it replays, then registers) or, with `initial`, `BehaviorSubject` (it
        /// registers, then hands over its latest element, `initial` until the source sends one).
        /// After the source's terminal a new subscriber gets that terminal — from a
        /// `ReplaySubject`, after its buffer.
        case subject(initial: Int?)

        /// Whether the source is subscribed as the operator is created, not by a subscriber.
        var connectsAtCreation: Bool {
            switch self {
            case .connected, .subject: true
            case .whileConnected, .refCounted, .forever: false
            }
        }
    }

    /// What the main subscriber gets, with every further subscriber's events (`extraEvents`),
    /// each new subscriber replayed the last `replay` elements the subject holds.
    public static func outcome(_ scenario: Scenario, replay: Int, lifetime: Lifetime) -> Outcome<Int> {
        var clock = lifetime.connectsAtCreation ? ModelClock(sharedFromCreationBySubscribersOf: scenario)
            : ModelClock(sharedBySubscribersOf: scenario)
        let subscriberCount = 1 + scenario.extraSubscribers.count
        var outputs = [[Recorded<Event<Int>>]](filled: [], count: subscriberCount)
        var ended = [Bool](filled: false, count: subscriberCount)
        var elements = [Int](filled: 0, count: subscriberCount)
        // Subscribed (its subscribe call made) and not disposed: what a subscriber action acts on.
        var joined = [Bool](filled: false, count: subscriberCount)
        var windowClosed = [Bool](filled: false, count: subscriberCount)
        let action = scenario.subscriberAction.flatMap { $0.fits(subscribers: subscriberCount) ? $0 : nil }
        // The subject: registered observers in order, its replay buffer, its stored terminal.
        var registered: [Int] = []
        var buffer: [Int] = []
        var stored: TimelineValue?
        // The connection: the source subscription, and who counts towards it.
        var connection: Int?
        var connectionGeneration = 0
        var members: [Int: Int] = [:]   // subscriber → generation it joined
        var count = 0
        // The subscribers whose subscribe calls are being made, innermost last.
        var subscribing: [Int] = []
        // Bumped when the connection's subject is dropped (`.refCounted`): a subscriber joining
        // meanwhile registers on the dropped one.
        var subjectGeneration = 0

        func deliver(_ value: TimelineValue, to subscriber: Int, at tick: Int) {
            guard !ended[subscriber] else { return }
            outputs[subscriber].append(Recorded(time: tick, value: value.event))
            if value.isTerminal {
                ended[subscriber] = true
                return
            }
            elements[subscriber] += 1
            // Also inside the actor's own subscribe call, its replay included.
            guard let action, action.actor == subscriber, action.after == elements[subscriber] else { return }
            switch action.kind {
            // Not a subscriber whose subscribe call is still running: its subscription does not
            // exist yet.
            case .dispose:
                let calling = subscribing.contains(action.target) || clock.subscriberInsideSubscribeCall == action.target
                if joined[action.target] && !calling { leave(action.target) }
            case .subscribe: if !joined[action.target] && !windowClosed[action.target] { join(action.target, at: tick) }
            }
        }

        // Registration, replay and counting in RxCore's order for each lifetime: `.whileConnected`
        // registers and counts before the replay; `.forever` and `.refCounted` replay first (a
        // replay subject), then register, then count.
        func join(_ subscriber: Int, at tick: Int) {
            subscribing.append(subscriber)
            defer { subscribing.removeLast() }
            joined[subscriber] = true
            let terminatedForever = lifetime == .forever && stored != nil
            let connects: Bool
            if case .subject(let initial) = lifetime {
                if let stored {
                    if initial == nil { for value in buffer { deliver(.next(value), to: subscriber, at: tick) } }
                    deliver(stored, to: subscriber, at: tick)
                } else if initial != nil {
                    registered.append(subscriber)
                    for value in buffer { deliver(.next(value), to: subscriber, at: tick) }
                } else {
                    for value in buffer { deliver(.next(value), to: subscriber, at: tick) }
                    registered.append(subscriber)
                }
                connects = false
            } else if lifetime == .connected {
                for value in buffer { deliver(.next(value), to: subscriber, at: tick) }
                registered.append(subscriber)
                connects = false
            } else if lifetime == .whileConnected {
                registered.append(subscriber)
                members[subscriber] = connectionGeneration
                count += 1
                connects = count == 1
                for value in buffer { deliver(.next(value), to: subscriber, at: tick) }
            } else {
                let generation = subjectGeneration
                for value in buffer { deliver(.next(value), to: subscriber, at: tick) }
                if let stored, lifetime == .forever {
                    deliver(stored, to: subscriber, at: tick)
                } else if generation == subjectGeneration {
                    registered.append(subscriber)
                }
                members[subscriber] = connectionGeneration
                count += 1
                connects = count == 1
            }
            if connects && !terminatedForever {
                connection = clock.subscribe(.source(0))
                // A synchronous source delivers inside this subscribe call, before a call it is
                // nested in (an action's) goes on.
                while let arrival = clock.nextSynchronous() { receive(arrival) }
            }
        }

        func leave(_ subscriber: Int) {
            joined[subscriber] = false
            registered.removeAll { $0 == subscriber }
            ended[subscriber] = true
            guard let joinedGeneration = members.removeValue(forKey: subscriber), joinedGeneration == connectionGeneration else { return }
            count -= 1
            if count == 0 {
                if let connection { clock.unsubscribe(connection) }
                connection = nil
                if lifetime != .forever {
                    buffer = []
                    subjectGeneration += 1
                }
            }
        }

        // A source event, to the subscribers registered when it comes.
        func receive(_ arrival: Arrival) {
            switch arrival.value {
            case .next(let value):
                if replay > 0 { buffer = Array((buffer + [value]).suffix(replay)) }
                for subscriber in registered { deliver(.next(value), to: subscriber, at: arrival.tick) }
            case .error, .completed:
                // refCount learns of the terminal from a subscriber that receives it: with none
                // on the connection's subject (one stranded there, 1.5), it goes on counting
                // those present, and connects again only once they have all left.
                let heard = lifetime != .refCounted || !registered.isEmpty
                for subscriber in registered { deliver(arrival.value, to: subscriber, at: arrival.tick) }
                registered = []
                connection = nil
                switch lifetime {
                case .forever, .subject:
                    stored = arrival.value
                case .connected:
                    buffer = []
                case .whileConnected, .refCounted:
                    buffer = []
                    subjectGeneration += 1
                    guard heard else { break }
                    connectionGeneration += 1   // those present leave nothing to count
                    members = [:]
                    count = 0
                }
            }
        }

        // Connected as it is created, before the first subscriber.
        if lifetime.connectsAtCreation {
            if case .subject(let initial?) = lifetime { buffer = [initial] }
            connection = clock.subscribe(.source(0))
            while let arrival = clock.nextSynchronous() { receive(arrival) }
        }

        while let arrival = clock.next() {
            if let harness = arrival.harness {
                switch harness {
                case .subscribe(let subscriber):
                    if action?.kind == .subscribe && action?.target == subscriber { continue }
                    join(subscriber, at: arrival.tick)
                case .dispose(let subscriber):
                    windowClosed[subscriber] = true
                    if joined[subscriber] { leave(subscriber) } else { ended[subscriber] = true }
                }
                continue
            }
            receive(arrival)
        }
        let logs = clock.finish(outputs[0])
        return Outcome(events: outputs[0], sourceLogs: logs.sourceLogs, innerLogs: logs.innerLogs,
                       extraEvents: Array(outputs.dropFirst()))
    }
}
