// Running a scenario with RxTest: the sources made on a `TestScheduler`, the hot events queued in
// the scenario's tie order, then the harness — create, subscribe, dispose, each further
// subscriber's subscribe and dispose — queued in that order, as RxCheck's own runs queue them,
// and the main observer's script (dispose inside onNext, feedback) played as RxCheck plays it.

import RxSwift
import RxTest

/// What a bridge run hands the code under test.
public struct BridgeContext {
    /// The scenario's sources, in order.
    public let sources: [Observable<Int>]
    /// Its inner sources: an outer element `v` stands for `inner(v)`.
    public let inners: [Observable<Int>]
    /// The scheduler of the run, for time-based operators.
    public let scheduler: TestScheduler
    /// The operator's parameters.
    public let parameters: [Int]

    /// The inner source an outer element stands for: `inners[value % inners.count]` (never, when
    /// there is none).
    public func inner(_ value: Int) -> Observable<Int> {
        inners.isEmpty ? Observable.never() : inners[((value % inners.count) + inners.count) % inners.count]
    }
}

/// How a run makes its hot sources.
public enum BridgeHotSources: Sendable {
    /// `ScriptedHotSource`: any tie order, and behavior sources.
    case scripted
    /// RxTest's `createHotObservable`: creation order only (each source's events queued when it
    /// is made, sources before inner sources), and no behavior source.
    case rxTest
}

public enum RxSwiftBridge {
    /// Runs `build` over `scenario` on a new `TestScheduler` and returns what happened. A run
    /// whose observers receive more than `eventBudget` events is stopped and marked a runaway;
    /// nothing due more than `horizon` ticks after the harness's last step runs.
    public static func run(_ scenario: BridgeScenario, hotSources: BridgeHotSources = .scripted,
                           eventBudget: Int = 100_000, horizon: Int = 100_000,
                           _ build: @escaping (BridgeContext) -> Observable<Int>) -> BridgeOutcome {
        let scheduler = TestScheduler(initialClock: 0)
        let budget = EventBudget(scheduler: scheduler, remaining: eventBudget)
        func make(_ timelines: [BridgeTimeline]) -> [MadeSource] {
            timelines.map { timeline in
                switch timeline.flavor {
                case .synchronous:
                    return .synchronous(SynchronousSource.make(timeline.events))
                case .cold:
                    return .testable(scheduler.createColdObservable(timeline.events.map(recorded)))
                case .hot where hotSources == .rxTest:
                    return .testable(scheduler.createHotObservable(timeline.events.map(recorded)))
                case .hot, .behavior:
                    return .scripted(ScriptedHotSource(scheduler: scheduler, events: timeline.events,
                                                       replaysLatest: timeline.flavor == .behavior))
                }
            }
        }
        let (madeSources, madeInners) = (make(scenario.sources), make(scenario.inners))
        var sources = madeSources.map(\.observable)
        var inners = madeInners.map(\.observable)
        // The scripted hot events, one action each, queued up front in the hot order: among
        // equal ticks they then fire in that order, ahead of everything the harness queues.
        if hotSources == .scripted {
            for ref in scenario.hotOrder {
                let timeline = (ref.inner ? scenario.inners : scenario.sources)[ref.source]
                guard case .scripted(let source) = (ref.inner ? madeInners : madeSources)[ref.source] else { continue }
                scheduler.scheduleAt(timeline.events[ref.index].tick) { source.fire(ref.index) }
            }
        }
        // Feedback: the source it names also carries what the observer sends back.
        let targets = FeedbackTargets()
        if let feedback = scenario.feedback {
            func feedingBack(_ original: Observable<Int>) -> Observable<Int> {
                Observable.create { observer in
                    targets.observers.append(observer)
                    return original.subscribe(observer)
                }
            }
            if let inner = feedback.inner {
                if inner < inners.count { inners[inner] = feedingBack(inners[inner]) }
            } else if feedback.source < sources.count {
                sources[feedback.source] = feedingBack(sources[feedback.source])
            }
        }
        let harness = Harness(scheduler: scheduler, budget: budget, scenario: scenario, targets: targets)
        let context = BridgeContext(sources: sources, inners: inners, scheduler: scheduler, parameters: scenario.parameters)
        scheduler.scheduleAt(scenario.created) { harness.output = build(context) }
        scheduler.scheduleAt(scenario.subscribed) { harness.subscribeMain() }
        scheduler.scheduleAt(scenario.disposed) { harness.disposeMain() }
        for (index, window) in scenario.extraSubscribers.enumerated() {
            scheduler.scheduleAt(window.subscribe) { harness.subscribeExtra(index) }
            scheduler.scheduleAt(window.unsubscribe) { harness.disposeExtra(index) }
        }
        // Everything due up to the horizon runs; a timer still firing past it is cut off there
        // (RxTest's scheduler has no step budget of its own).
        let last = ([scenario.disposed] + scenario.extraSubscribers.map(\.unsubscribe)).max() ?? scenario.disposed
        scheduler.advanceTo(last + horizon)
        harness.tearDown()
        targets.observers = []

        return BridgeOutcome(events: harness.main.events, sourceLogs: madeSources.map(\.subscriptions),
                             innerLogs: madeInners.map(\.subscriptions), extraEvents: harness.extras.map(\.events),
                             eventsAfterDispose: harness.main.afterDispose + harness.extras.flatMap(\.afterDispose),
                             isRunaway: budget.isRunaway)
    }

    static func recorded(_ event: BridgeEvent) -> Recorded<Event<Int>> {
        switch event.kind {
        case .next: return .next(event.tick, event.value)
        case .completed: return .completed(event.tick)
        case .error: return .error(event.tick, BridgeError(event.value))
        }
    }

    /// An output event in plain values: a `BridgeError` by its identity, any other error by
    /// its description.
    static func plain(_ event: Event<Int>, at tick: Int) -> BridgeEvent {
        switch event {
        case .next(let value): return BridgeEvent(tick, .next, value)
        case .completed: return BridgeEvent(tick, .completed)
        case .error(let error):
            if let known = error as? BridgeError { return BridgeEvent(tick, .error, known.identity) }
            return BridgeEvent(tick, .error, 0, error: name(of: error))
        }
    }
}

extension RxSwiftBridge {
    /// An error's name in plain values: `RxError.noElements`, `RxError.moreThanOneElement`,
    /// `RxError.argumentOutOfRange` and `RxError.timeout` by their case (RxCheck's side maps them
    /// back to its own `RxError`), any other error by its description.
    static func name(of error: Error) -> String {
        if let rxError = error as? RxError {
            switch rxError {
            case .noElements: return "RxError.noElements"
            case .moreThanOneElement: return "RxError.moreThanOneElement"
            case .argumentOutOfRange: return "RxError.argumentOutOfRange"
            case .timeout: return "RxError.timeout"
            default: break
            }
        }
        return "\(error)"
    }
}

/// A source a run made, with what is read of it afterwards.
enum MadeSource {
    case synchronous(Observable<Int>)
    case scripted(ScriptedHotSource)
    case testable(TestableObservable<Int>)

    /// The source as code under test sees it.
    var observable: Observable<Int> {
        switch self {
        case .synchronous(let source): return source
        case .scripted(let source): return source.observable
        case .testable(let source): return source.asObservable()
        }
    }

    /// Its subscription log (none for a synchronous source, as in RxCheck's runs).
    var subscriptions: [BridgeSubscription] {
        switch self {
        case .synchronous: return []
        case .scripted(let source): return source.subscriptions
        case .testable(let source): return source.subscriptions.map { BridgeSubscription($0.subscribe, $0.unsubscribe) }
        }
    }
}

/// The live subscriptions of the source that carries the observer's feedback.
final class FeedbackTargets {
    var observers: [AnyObserver<Int>] = []
}

/// Counts every event observers receive; past the budget, the run stops as a runaway.
final class EventBudget {
    let scheduler: TestScheduler
    var remaining: Int
    var isRunaway = false

    init(scheduler: TestScheduler, remaining: Int) {
        self.scheduler = scheduler
        self.remaining = remaining
    }

    func spend() {
        remaining -= 1
        if remaining < 0 && !isRunaway {
            isRunaway = true
            scheduler.stop()
        }
    }
}

/// Records what one subscriber receives: its events while subscribed, what arrives after its
/// dispose apart, and nothing while it ignores (the dispose limit reached inside subscribe).
final class Recorder: ObserverType {
    typealias Element = Int

    private let scheduler: TestScheduler
    private let budget: EventBudget
    private(set) var events: [BridgeEvent] = []
    private(set) var afterDispose: [BridgeEvent] = []
    var isDisposed = false
    var isIgnoring = false
    /// Told the count of events recorded so far after each element (the main observer only).
    var received: ((Int) -> Void)?

    init(scheduler: TestScheduler, budget: EventBudget) {
        self.scheduler = scheduler
        self.budget = budget
    }

    func on(_ event: Event<Int>) {
        budget.spend()
        if isIgnoring { return }
        let plain = RxSwiftBridge.plain(event, at: scheduler.clock)
        if isDisposed {
            afterDispose.append(plain)
            return
        }
        events.append(plain)
        if case .next = event { received?(events.count) }
    }
}

/// The run's steps and the main observer's script, as RxCheck's harness plays them.
final class Harness {
    let scheduler: TestScheduler
    let main: Recorder
    let extras: [Recorder]
    private let scenario: BridgeScenario
    private let targets: FeedbackTargets
    var output: Observable<Int>?
    private var subscription: Disposable?
    private var extraSubscriptions: [Disposable?]
    private var subscribing = false

    init(scheduler: TestScheduler, budget: EventBudget, scenario: BridgeScenario, targets: FeedbackTargets) {
        self.scheduler = scheduler
        self.scenario = scenario
        self.targets = targets
        main = Recorder(scheduler: scheduler, budget: budget)
        extras = scenario.extraSubscribers.map { _ in Recorder(scheduler: scheduler, budget: budget) }
        extraSubscriptions = Array(repeating: nil, count: scenario.extraSubscribers.count)
        if scenario.feedback != nil || scenario.disposeInsideAfter != nil {
            main.received = { [unowned self] count in received(count) }
        }
    }

    func subscribeMain() {
        subscribing = true
        subscription = output?.subscribe(main)
        subscribing = false
        // The dispose limit was reached inside subscribe: the handle exists only now.
        if main.isIgnoring {
            main.isIgnoring = false
            disposeFromInside()
        }
    }

    func disposeMain() {
        subscription?.dispose()
        main.isDisposed = true
    }

    func subscribeExtra(_ index: Int) { extraSubscriptions[index] = output?.subscribe(extras[index]) }

    func disposeExtra(_ index: Int) {
        extraSubscriptions[index]?.dispose()
        extras[index].isDisposed = true
    }

    /// The main observer recorded its `count`th event, an element: feedback first, then the
    /// dispose from inside onNext.
    private func received(_ count: Int) {
        if let feedback = scenario.feedback, count == feedback.after {
            for target in targets.observers { target.onNext(feedback.value) }
        }
        guard count == scenario.disposeInsideAfter else { return }
        if subscribing {
            main.isIgnoring = true
        } else {
            disposeFromInside()
        }
    }

    /// The observer's own dispose: it stops recording first, so what the operator still
    /// delivers while being disposed counts as after the dispose.
    private func disposeFromInside() {
        main.isDisposed = true
        subscription?.dispose()
    }

    /// Drops the operator and its subscriptions, which hold the observers.
    func tearDown() {
        subscription = nil
        extraSubscriptions = []
        output = nil
    }
}
