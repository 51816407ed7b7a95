import Foundation
import RxCore

/// What one scripted event does, as a plain value: errors carry an identity, not an `Error`.
public enum TimelineValue: Equatable, Hashable, Codable, Sendable {
    case next(Int)
    case error(Int)
    case completed

    /// True for `error` and `completed`.
    public var isTerminal: Bool {
        if case .next = self { return false }
        return true
    }

    /// The RxCore event (errors become `TestError(id)`).
    public var event: Event<Int> {
        switch self {
        case .next(let value): return .next(value)
        case .error(let id): return .error(TestError(id))
        case .completed: return .completed
        }
    }
}

/// One scripted event: its tick (absolute for hot sources, an offset for cold ones) and value.
public struct TimelineEvent: Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// Absolute tick (hot) or offset from the subscription (cold).
    public var tick: Int
    /// What happens.
    public var value: TimelineValue

    public init(_ tick: Int, _ value: TimelineValue) {
        self.tick = tick
        self.value = value
    }

    /// The event as RxTest records it.
    public var recorded: Recorded<Event<Int>> { Recorded(time: tick, value: value.event) }

    public var description: String { "\(tick): \(value)" }
}

/// A scripted test source as a plain value. Events are in list order, ticks never decrease,
/// and nothing follows a terminal event.
public struct SourceTimeline: Equatable, Hashable, Codable, Sendable {
    /// Hot sources fire at absolute ticks to whoever listens; cold ones replay per
    /// subscription; synchronous ones (like `just`, `of`, `from`) deliver every event inside
    /// the subscribe call — they are not test sources, so they keep no subscription log.
    public enum Flavor: String, Equatable, Hashable, Codable, Sendable {
        case hot, cold, synchronous
    }

    /// Hot or cold.
    public var flavor: Flavor
    /// The events in order.
    public var events: [TimelineEvent]

    public init(_ flavor: Flavor, _ events: [TimelineEvent]) {
        self.flavor = flavor
        self.events = events
    }

    /// The events as RxTest records them.
    public var recorded: [Recorded<Event<Int>>] { events.map(\.recorded) }
}

/// Names one hot event of a scenario: which list (`sources` or `inners`), which source, which event.
public struct HotEventRef: Equatable, Hashable, Codable, Sendable {
    /// `false` for `sources`, `true` for `inners`.
    public var inner: Bool
    /// Index into that list.
    public var source: Int
    /// Index into that source's events.
    public var index: Int

    public init(inner: Bool, source: Int, index: Int) {
        self.inner = inner
        self.source = source
        self.index = index
    }
}

/// One complete test case for an operator: its sources, the inner sources of a higher-order
/// operator (an outer `next(k)` stands for `inners[k % inners.count]`), the order in which
/// all hot events are queued (which decides same-tick ties), and the harness ticks.
public struct Scenario: Equatable, Hashable, Codable, Sendable {
    /// The operator's sources in argument order.
    public var sources: [SourceTimeline]
    /// Inner sources of higher-order operators.
    public var inners: [SourceTimeline]
    /// Every hot event exactly once, in queueing order: at one tick, earlier entries fire first.
    public var hotOrder: [HotEventRef]
    /// The tick at which the operator is created (RxTest: 100).
    public var created: Int
    /// The tick at which the output is subscribed (RxTest: 200).
    public var subscribed: Int
    /// The tick at which the output is disposed (RxTest: 1000).
    public var disposed: Int
    /// Operator parameters drawn with the case (`take`'s count, a `startWith` prefix…).
    public var parameters: [Int]
    /// Further subscribers to the same output, each subscribed and disposed at its own ticks
    /// (after the main subscriber's actions at equal ticks, in list order).
    public var extraSubscribers: [Subscription]
    /// When set, the main observer disposes its own subscription from inside `onNext` once it
    /// has received this many events. Reached inside the subscribe call (synchronous sources),
    /// the dispose takes effect when that call returns — the observer holds no subscription
    /// before — and whatever the operator delivers until then is dropped unrecorded.
    public var disposeInsideAfter: Int?
    /// When set, `(after: k, value: v)`: when its k-th event is an element, the main observer
    /// sends `v` back into source 0 (or into an inner source, `Feedback.inner`) — re-entrantly,
    /// while that element is still being delivered.
    public var feedback: Feedback?

    /// An observer feeding a value back into the operator's first source, or into an inner source.
    public struct Feedback: Equatable, Hashable, Codable, Sendable {
        /// After how many received events.
        public var after: Int
        /// The element sent back.
        public var value: Int
        /// nil: into every live subscription of `sources[0]`; k: into every live subscription of
        /// `inners[k]` — an inner element delivered while another is being delivered.
        public var inner: Int?
        public init(after: Int, value: Int, inner: Int? = nil) {
            self.after = after
            self.value = value
            self.inner = inner
        }
    }

    public init(sources: [SourceTimeline], inners: [SourceTimeline] = [], hotOrder: [HotEventRef]? = nil,
                created: Int = 100, subscribed: Int = 200, disposed: Int = 1000, parameters: [Int] = [],
                extraSubscribers: [Subscription] = [], disposeInsideAfter: Int? = nil, feedback: Feedback? = nil) {
        self.feedback = feedback
        self.parameters = parameters
        self.extraSubscribers = extraSubscribers
        self.disposeInsideAfter = disposeInsideAfter
        self.sources = sources
        self.inners = inners
        self.created = created
        self.subscribed = subscribed
        self.disposed = disposed
        self.hotOrder = hotOrder ?? Scenario.defaultHotOrder(sources: sources, inners: inners)
    }

    /// Hot events sorted by tick; ties in list order (sources before inners, by index).
    public static func defaultHotOrder(sources: [SourceTimeline], inners: [SourceTimeline]) -> [HotEventRef] {
        var refs: [(tick: Int, ref: HotEventRef)] = []
        for (isInner, list) in [(false, sources), (true, inners)] {
            for (source, timeline) in list.enumerated() where timeline.flavor == .hot {
                for (index, event) in timeline.events.enumerated() {
                    refs.append((event.tick, HotEventRef(inner: isInner, source: source, index: index)))
                }
            }
        }
        // A stable sort: equal ticks keep list order.
        return refs.enumerated()
            .sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
            .map(\.element.ref)
    }

    /// The timeline a reference points into.
    public func timeline(_ ref: HotEventRef) -> SourceTimeline {
        ref.inner ? inners[ref.source] : sources[ref.source]
    }

    /// The event a reference names.
    public func event(_ ref: HotEventRef) -> TimelineEvent {
        timeline(ref).events[ref.index]
    }

    /// Total number of scripted events.
    public var eventCount: Int {
        (sources + inners).reduce(0) { $0 + $1.events.count }
    }
}

/// What happened in one run — or what a model predicts: the output events and the
/// subscription log of every source and inner source. Two outcomes are equal when their
/// timelines are; `steps` is a finer claim, compared on its own by the checks that want it.
public struct Outcome<Element: Equatable>: Equatable {
    /// The output as the test observer recorded it.
    public var events: [Recorded<Event<Element>>]
    /// One log per source of `Scenario.sources`.
    public var sourceLogs: [[Subscription]]
    /// One log per inner source of `Scenario.inners`.
    public var innerLogs: [[Subscription]]
    /// What each of `Scenario.extraSubscribers` recorded.
    public var extraEvents: [[Recorded<Event<Element>>]]
    /// Every subscribe, dispose and recorded output event in the order it happened (a run), or
    /// in the order predicted (a model); nil when not predicted.
    public var steps: [RunStep]?

    public init(events: [Recorded<Event<Element>>], sourceLogs: [[Subscription]], innerLogs: [[Subscription]] = [],
                extraEvents: [[Recorded<Event<Element>>]] = [], steps: [RunStep]? = nil) {
        self.events = events
        self.sourceLogs = sourceLogs
        self.innerLogs = innerLogs
        self.extraEvents = extraEvents
        self.steps = steps
    }

    public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
        lhs.events == rhs.events && lhs.sourceLogs == rhs.sourceLogs && lhs.innerLogs == rhs.innerLogs
            && lhs.extraEvents == rhs.extraEvents
    }
}

/// A run of a scenario on a `TestScheduler`, with what the harness saw beyond the outcome.
public struct ScenarioRun<Element: Equatable> {
    /// Output events and logs.
    public var outcome: Outcome<Element>
    /// Events delivered to the test observer after the harness disposed the subscription.
    public var eventsAfterDispose: [Recorded<Event<Element>>]
    /// Ticks of relative actions (timers, scheduler hops) that ran after every subscriber's
    /// output had ended — by its terminal or its dispose: what code under test left scheduled.
    public var timersAfterEnd: [Int]
    /// The deepest the call stack went below the run's start when an event reached an observer,
    /// in bytes: an operator that recurses once per event shows here long before it overflows.
    public var stackDepth: Int
    /// True when the run was stopped for using up its step budget.
    public var isRunaway: Bool
    /// Actions the scheduler ran.
    public var steps: Int
}

/// What a scenario run hands the code under test: its sources, inner sources, scheduler and
/// parameters.
public struct ScenarioContext {
    /// `Scenario.sources` as observables.
    public let sources: [Observable<Int>]
    /// `Scenario.inners` as observables.
    public let inners: [Observable<Int>]
    /// The run's scheduler, for time-based operators.
    public let scheduler: TestScheduler
    /// `Scenario.parameters`.
    public let parameters: [Int]

    /// The inner source an outer element stands for: `inners[value % inners.count]`.
    public func inner(_ value: Int) -> Observable<Int> {
        inners.isEmpty ? Observable.never() : inners[((value % inners.count) + inners.count) % inners.count]
    }
}

/// Scenarios with more events than this run on a thread with a large stack, so an operator
/// that recurses once per event reports its depth instead of overflowing the checker's stack.
let largeScenarioEvents = 2_000

extension Scenario {
    /// Builds the sources on a fresh `TestScheduler`, queues hot events in `hotOrder`, then
    /// creates the operator at `created`, subscribes at `subscribed` and disposes at
    /// `disposed`. `stepBudget` stops a runaway operator; a large scenario gets 100 more steps
    /// per event and every subscriber, and runs on a thread of its own with a 1 GiB stack.
    public func run<Element: Equatable>(
        stepBudget: Int = 100_000,
        _ build: @escaping (ScenarioContext) -> Observable<Element>
    ) -> ScenarioRun<Element> {
        guard eventCount > largeScenarioEvents else { return runHere(stepBudget: stepBudget, build) }
        let budget = stepBudget + 100 * eventCount * (1 + extraSubscribers.count)
        let box = RunBox<Element>()
        box.work = { self.runHere(stepBudget: budget, build) }
        let done = DispatchSemaphore(value: 0)
        // The caller waits for the thread: nothing here runs concurrently with it.
        let thread = Thread {
            // A signal handler (the CLI's crash report) needs a stack of its own on this thread
            // to run when the big stack overflows after all.
            let size = 1 << 16
            let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            var alternate = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
            sigaltstack(&alternate, nil)
            box.run = box.work?()
            var off = stack_t(ss_sp: nil, ss_flags: Int32(SS_DISABLE), ss_size: 0)
            sigaltstack(&off, nil)
            memory.deallocate()
            done.signal()
        }
        thread.stackSize = 1 << 30
        thread.start()
        done.wait()
        return box.run!
    }

    private func runHere<Element: Equatable>(
        stepBudget: Int, _ build: @escaping (ScenarioContext) -> Observable<Element>
    ) -> ScenarioRun<Element> {
        let stackBase = StackProbe.address()
        let scheduler = TestScheduler(initialClock: 0)
        scheduler.stepBudget = stepBudget
        var hotIndex: [[Int]] = [[], []]
        var hotTimelines: [[Recorded<Event<Int>>]] = []
        for (list, timelines) in [sources, inners].enumerated() {
            for timeline in timelines {
                if timeline.flavor == .hot {
                    hotIndex[list].append(hotTimelines.count)
                    hotTimelines.append(timeline.recorded)
                } else {
                    hotIndex[list].append(-1)
                }
            }
        }
        let order = hotOrder.map { (source: hotIndex[$0.inner ? 1 : 0][$0.source], index: $0.index) }
        let hot = scheduler.createHotObservables(hotTimelines, order: order)
        let operations = StepLog()
        func make(_ timelines: [SourceTimeline], list: Int) -> [TestableObservable<Int>?] {
            timelines.enumerated().map { offset, timeline in
                let testable: TestableObservable<Int>?
                switch timeline.flavor {
                case .hot: testable = hot[hotIndex[list][offset]]
                case .cold: testable = scheduler.createColdObservable(timeline.recorded)
                case .synchronous: testable = nil
                }
                let name = SourceName(inner: list == 1, offset)
                testable?.onOperation = { [unowned operations] subscribed in
                    operations.steps.append(subscribed ? .subscribe(name) : .dispose(name))
                }
                return testable
            }
        }
        func observable(_ testable: TestableObservable<Int>?, _ timeline: SourceTimeline, _ name: SourceName) -> Observable<Int> {
            if let testable { return testable.asObservable() }
            let events = timeline.events.map(\.value.event)
            return Observable.create { [unowned operations] observer in
                operations.steps.append(.subscribe(name))
                var live = true
                for event in events {
                    if event.isStopEvent { live = false }
                    observer.on(event)
                }
                return Disposables.create {
                    guard live else { return }
                    live = false
                    operations.steps.append(.dispose(name))
                }
            }
        }
        let sourceTestables = make(sources, list: 0)
        let innerTestables = make(inners, list: 1)
        var sourceObservables = sourceTestables.indices.map { observable(sourceTestables[$0], sources[$0], .source($0)) }
        // Feedback: source 0 also carries what the observer sends back, while it is live.
        var feedbackTargets: [AnyObserver<Int>] = []
        func feedingBack(_ original: Observable<Int>) -> Observable<Int> {
            Observable.create { observer in
                feedbackTargets.append(observer)
                return original.subscribe(observer)
            }
        }
        var innerObservables = innerTestables.indices.map { observable(innerTestables[$0], inners[$0], .inner($0)) }
        if let feedback {
            if let inner = feedback.inner {
                if inner < innerObservables.count { innerObservables[inner] = feedingBack(innerObservables[inner]) }
            } else if let first = sourceObservables.first {
                sourceObservables[0] = feedingBack(first)
            }
        }

        let observer = RecordingObserver<Element>(scheduler: scheduler, stackBase: stackBase)
        observer.log = operations
        // Every subscriber's output ends once (terminal or dispose); after the last end, any
        // relative action that still runs was left behind.
        var live = 1 + extraSubscribers.count
        var timersAfterEnd: [Int] = []
        scheduler.onRelativeAction = { tick in if live == 0 { timersAfterEnd.append(tick) } }
        func ended(_ recorder: RecordingObserver<Element>) {
            guard !recorder.hasEnded else { return }
            recorder.hasEnded = true
            live -= 1
        }
        // The observers' own closures hold them unowned: a strong capture would keep every run's
        // recorded events alive forever.
        observer.onEnd = { [unowned observer] in ended(observer) }
        var output: Observable<Element>?
        var subscription: Disposable?
        scheduler.scheduleAt(created) {
            output = build(ScenarioContext(sources: sourceObservables, inners: innerObservables,
                                           scheduler: scheduler, parameters: parameters))
        }
        var subscribing = false
        // The observer's own dispose, from inside onNext: it stops recording first, so anything
        // the operator still delivers while being disposed counts as after the dispose.
        func disposeFromInside() {
            observer.isDisposed = true
            ended(observer)
            subscription?.dispose()
        }
        let feedback = self.feedback
        if disposeInsideAfter != nil || feedback != nil {
            let limit = disposeInsideAfter
            observer.onReceived = { [unowned observer] count, isElement in
                if let feedback, count == feedback.after, isElement {
                    for target in feedbackTargets { target.onNext(feedback.value) }
                }
                guard count == limit, isElement else { return }
                if subscribing {
                    observer.isIgnoring = true
                } else {
                    disposeFromInside()
                }
            }
        }
        scheduler.scheduleAt(subscribed) {
            subscribing = true
            subscription = output?.subscribe(observer)
            subscribing = false
            // The limit was reached inside subscribe: the handle exists only now.
            if observer.isIgnoring {
                observer.isIgnoring = false
                disposeFromInside()
            }
        }
        scheduler.scheduleAt(disposed) {
            subscription?.dispose()
            observer.isDisposed = true
            ended(observer)
        }
        let extras = extraSubscribers.map { _ in RecordingObserver<Element>(scheduler: scheduler, stackBase: stackBase) }
        for (window, extra) in zip(extraSubscribers, extras) {
            var extraSubscription: Disposable?
            extra.onEnd = { [unowned extra] in ended(extra) }
            scheduler.scheduleAt(window.subscribe) { extraSubscription = output?.subscribe(extra) }
            scheduler.scheduleAt(window.unsubscribe) {
                extraSubscription?.dispose()
                extra.isDisposed = true
                ended(extra)
            }
        }
        scheduler.start()
        // The callbacks close cycles through the operator chain (the observer's script holds the
        // subscription and the fed-back observers, which hold the observer): break them.
        observer.onReceived = nil
        observer.onEnd = nil
        for extra in extras { extra.onEnd = nil }
        feedbackTargets = []
        subscription = nil
        output = nil
        scheduler.onRelativeAction = nil
        return ScenarioRun(
            outcome: Outcome(events: observer.events, sourceLogs: sourceTestables.map { $0?.subscriptions ?? [] },
                             innerLogs: innerTestables.map { $0?.subscriptions ?? [] }, extraEvents: extras.map(\.events),
                             steps: operations.steps),
            eventsAfterDispose: observer.afterDispose + extras.flatMap(\.afterDispose),
            timersAfterEnd: timersAfterEnd,
            stackDepth: ([observer] + extras).map(\.stackDepth).max() ?? 0,
            isRunaway: scheduler.exceededStepBudget,
            steps: scheduler.steps)
    }
}

/// The operations of one run, in order; shared by its sources and its main observer.
final class StepLog {
    var steps: [RunStep] = []
}

/// Carries a run's result back from the large-stack thread.
private final class RunBox<Element: Equatable>: @unchecked Sendable {
    var work: (() -> ScenarioRun<Element>)?
    var run: ScenarioRun<Element>?
}

/// Where the stack is now: stacks grow down, so a deeper call has a smaller address.
enum StackProbe {
    @inline(never)
    static func address() -> Int {
        var marker = 0
        return withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
    }
}

private final class RecordingObserver<Element>: ObserverType {
    unowned let scheduler: TestScheduler
    let stackBase: Int
    /// The deepest the stack went below `stackBase` at a delivery.
    var stackDepth = 0
    var events: [Recorded<Event<Element>>] = []
    var afterDispose: [Recorded<Event<Element>>] = []
    var isDisposed = false
    /// Set while the observer has disposed inside the subscribe call that has not returned yet:
    /// what arrives meanwhile is dropped, not recorded.
    var isIgnoring = false
    /// Set once the output ended for this observer (terminal, or its dispose).
    var hasEnded = false
    /// Called when a terminal arrives.
    var onEnd: (() -> Void)?
    /// Called after each event with the number received so far and whether it was an element.
    var onReceived: ((Int, Bool) -> Void)?
    /// Where the main observer logs each event it records.
    var log: StepLog?

    init(scheduler: TestScheduler, stackBase: Int) {
        self.scheduler = scheduler
        self.stackBase = stackBase
    }

    func on(_ event: Event<Element>) {
        stackDepth = max(stackDepth, stackBase - StackProbe.address())
        let recorded = Recorded(time: scheduler.clock, value: event)
        if isIgnoring { return }
        if isDisposed {
            afterDispose.append(recorded)
        } else {
            events.append(recorded)
            log?.steps.append(.emit(events.count - 1))
            if event.isStopEvent { onEnd?() }
            onReceived?(events.count, !event.isStopEvent)
        }
    }
}
