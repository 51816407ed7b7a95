import Foundation
import RxCore

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

    // Specialised for `Int`: generic, every event compared asks the runtime for metadata.
    @_specialize(where Element == Int)
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
/// A parameter in the thousands (a long `startWith` prefix) counts as that many events.
let largeScenarioEvents = 2_000

extension Scenario {
    /// Scripted events, plus every parameter of a thousand or more: the work a run may do.
    var workload: Int { eventCount + parameters.filter { $0 >= 1_000 }.reduce(0, +) }
}

extension Scenario {
    /// Builds the sources on a fresh `TestScheduler`, queues hot events in `hotOrder`, then
    /// creates the operator at `created`, subscribes at `subscribed` and disposes at
    /// `disposed`. `stepBudget` stops a runaway operator; a large scenario gets 100 more steps
    /// per event and every subscriber, and runs on a thread of its own with a 1 GiB stack.
    ///
    /// Once the stack has grown deeper than `stackBudget` bytes at a delivery to the main
    /// observer (see `ScenarioRun.stackDepth`), a synchronous source subscribed after that
    /// delivers nothing: an operator that recurses once per synchronous source unwinds there
    /// instead of going as deep as the case allows. The run's outcome is then cut short, and
    /// its depth is what tells it failed.
    @_specialize(where Element == Int)
    public func run<Element: Equatable>(
        stepBudget: Int = 100_000, stackBudget: Int? = nil,
        _ build: @escaping (ScenarioContext) -> Observable<Element>
    ) -> ScenarioRun<Element> {
        let stackBudget = stackBudget ?? .max
        guard workload > largeScenarioEvents else { return runHere(stepBudget: stepBudget, stackBudget: stackBudget, build) }
        let budget = stepBudget + 100 * workload * (1 + extraSubscribers.count)
        let box = RunBox<Element>()
        box.work = { self.runHere(stepBudget: budget, stackBudget: stackBudget, build) }
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

    @_specialize(where Element == Int)
    private func runHere<Element: Equatable>(
        stepBudget: Int, stackBudget: Int, _ build: @escaping (ScenarioContext) -> Observable<Element>
    ) -> ScenarioRun<Element> {
        let stackBase = StackProbe.address()
        let scheduler = TestScheduler(initialClock: 0)
        scheduler.stepBudget = stepBudget
        // Which hot observable each source (then each inner source) is, or -1: one flat array.
        var hotIndex: [Int] = []
        hotIndex.reserveCapacity(sources.count + inners.count)
        var hotTimelines: [[Recorded<Event<Int>>]] = []
        hotTimelines.reserveCapacity(sources.count + inners.count)
        var behaviors: Set<Int> = []
        func index(_ timelines: [SourceTimeline]) {
            for timeline in timelines {
                if timeline.flavor.isHot {
                    if timeline.flavor == .behavior { behaviors.insert(hotTimelines.count) }
                    hotIndex.append(hotTimelines.count)
                    hotTimelines.append(timeline.recorded)
                } else {
                    hotIndex.append(-1)
                }
            }
        }
        index(sources)
        index(inners)
        let innerBase = sources.count
        let order = hotOrder.map { (source: hotIndex[$0.inner ? innerBase + $0.source : $0.source], index: $0.index) }
        let hot = scheduler.hotObservables(hotTimelines, order: order, replayingLatest: behaviors)
        // Each event is delivered and may be emitted, around a few subscribes and disposes.
        let operations = StepLog(expecting: 8 + 2 * eventCount)
        operations.stackBudget = stackBudget
        func make(_ timelines: [SourceTimeline], list: Int) -> [TestableObservable<Int>?] {
            timelines.enumerated().map { offset, timeline in
                let testable: TestableObservable<Int>?
                switch timeline.flavor {
                case .hot, .behavior: testable = hot[hotIndex[list == 1 ? innerBase + offset : offset]]
                case .cold: testable = scheduler.createColdObservable(timeline.recorded)
                case .synchronous: testable = nil
                }
                testable?.operationLog = (operations, SourceName(inner: list == 1, offset))
                return testable
            }
        }
        func observable(_ testable: TestableObservable<Int>?, _ timeline: SourceTimeline, _ name: SourceName) -> Observable<Int> {
            if let testable { return testable.asObservable() }
            return SynchronousSource(events: timeline.events.map(\.value.event), name: name, log: operations)
        }
        let sourceTestables = make(sources, list: 0)
        let innerTestables = make(inners, list: 1)
        var sourceObservables = sourceTestables.indices.map { observable(sourceTestables[$0], sources[$0], .source($0)) }
        // One object holds what the harness's closures share: a variable each of them captured
        // would be a heap box of its own, checked for exclusive access at every use.
        let state = RunState<Element>(live: 1 + extraSubscribers.count, extras: extraSubscribers.count)
        // Feedback: the source it names also carries what the observer sends back, while it is live.
        func feedingBack(_ original: Observable<Int>) -> Observable<Int> {
            Observable.create { observer in
                state.feedbackTargets.append(observer)
                return original.subscribe(observer)
            }
        }
        var innerObservables = innerTestables.indices.map { observable(innerTestables[$0], inners[$0], .inner($0)) }
        if let feedback {
            if let inner = feedback.inner {
                if inner < innerObservables.count { innerObservables[inner] = feedingBack(innerObservables[inner]) }
            } else if feedback.source < sourceObservables.count {
                sourceObservables[feedback.source] = feedingBack(sourceObservables[feedback.source])
            }
        }

        let observer = RecordingObserver<Element>(scheduler: scheduler, stackBase: stackBase)
        observer.log = operations
        // Every subscriber's output ends once (terminal or dispose); after the last end, any
        // relative action that still runs was left behind.
        scheduler.onRelativeAction = { tick in if state.live == 0 { state.timersAfterEnd.append(tick) } }
        func ended(_ recorder: RecordingObserver<Element>) {
            guard !recorder.hasEnded else { return }
            recorder.hasEnded = true
            state.live -= 1
        }
        // The observers' own closures hold them unowned: a strong capture would keep every run's
        // recorded events alive forever.
        observer.onEnd = { [unowned observer] in ended(observer) }
        // The observer's own dispose, from inside onNext: it stops recording first, so anything
        // the operator still delivers while being disposed counts as after the dispose.
        func disposeFromInside() {
            observer.isDisposed = true
            ended(observer)
            state.subscription?.dispose()
        }
        let feedback = self.feedback
        if disposeInsideAfter != nil || feedback != nil {
            let limit = disposeInsideAfter
            observer.onReceived = { [unowned observer] count, isElement in
                if let feedback, count == feedback.after, isElement {
                    for target in state.feedbackTargets { target.onNext(feedback.value) }
                }
                guard count == limit, isElement else { return }
                if state.subscribing {
                    observer.isIgnoring = true
                } else {
                    disposeFromInside()
                }
            }
        }
        let extras = extraSubscribers.map { _ in RecordingObserver<Element>(scheduler: scheduler, stackBase: stackBase) }
        for extra in extras { extra.onEnd = { [unowned extra] in ended(extra) } }
        let (parameters, runSources, runInners) = (self.parameters, sourceObservables, innerObservables)
        // The harness's steps, one queued action told apart by payload: 0 creates the operator,
        // 1 subscribes the observer, 2 disposes it, then 3 + 2k and 4 + 2k subscribe and dispose
        // extra subscriber k. Queued in that order, so each keeps its place among equal ticks.
        // The scheduler unowned: it holds this action while a step is queued (a run stopped as
        // a runaway leaves some), and a strong capture would keep the two alive.
        let steps = HarnessSteps { [unowned scheduler] step in
            switch step {
            case 0:
                state.output = build(ScenarioContext(sources: runSources, inners: runInners,
                                                     scheduler: scheduler, parameters: parameters))
            case 1:
                state.subscribing = true
                state.subscription = state.output?.subscribe(observer)
                state.subscribing = false
                // The limit was reached inside subscribe: the handle exists only now.
                if observer.isIgnoring {
                    observer.isIgnoring = false
                    disposeFromInside()
                }
            case 2:
                state.subscription?.dispose()
                observer.isDisposed = true
                ended(observer)
            default:
                let index = (step - 3) / 2
                let extra = extras[index]
                if step % 2 == 1 {
                    state.extraSubscriptions[index] = state.output?.subscribe(extra)
                } else {
                    state.extraSubscriptions[index]?.dispose()
                    extra.isDisposed = true
                    ended(extra)
                }
            }
        }
        scheduler.enqueue(steps, payload: 0, at: created)
        scheduler.enqueue(steps, payload: 1, at: subscribed)
        scheduler.enqueue(steps, payload: 2, at: disposed)
        for (index, window) in extraSubscribers.enumerated() {
            scheduler.enqueue(steps, payload: 3 + 2 * index, at: window.subscribe)
            scheduler.enqueue(steps, payload: 4 + 2 * index, at: window.unsubscribe)
        }
        scheduler.start()
        // The callbacks close cycles through the operator chain (the observer's script holds the
        // subscription and the fed-back observers, which hold the observer): break them.
        observer.onReceived = nil
        observer.onEnd = nil
        for extra in extras { extra.onEnd = nil }
        state.feedbackTargets = []
        state.subscription = nil
        state.extraSubscriptions = []
        state.output = nil
        scheduler.onRelativeAction = nil
        // Closures, not key paths: a key path into a generic class is built at run time, at a cost
        // of thousands of instructions per run.
        return ScenarioRun(
            outcome: Outcome(events: observer.events, sourceLogs: sourceTestables.map { $0?.subscriptions ?? [] },
                             innerLogs: innerTestables.map { $0?.subscriptions ?? [] }, extraEvents: extras.map { $0.events },
                             steps: operations.steps),
            eventsAfterDispose: observer.afterDispose + extras.flatMap { $0.afterDispose },
            timersAfterEnd: state.timersAfterEnd,
            stackDepth: extras.reduce(observer.stackDepth) { max($0, $1.stackDepth) },
            isRunaway: scheduler.exceededStepBudget,
            steps: scheduler.steps)
    }
}

/// A synchronous source of a run: each subscription delivers every event inside the subscribe
/// call, up to a terminal, and logs its subscribe — and its dispose, when that comes before the
/// source ended. What `Observable.create` over the events does, in one object per subscription
/// instead of a sink, its disposable, and three closures.
private final class SynchronousSource: Observable<Int> {
    private let events: [Event<Int>]
    private let name: SourceName
    /// Unowned: the run's sources and observer hold the log, and it outlives the run's actions.
    private unowned let log: StepLog

    init(events: [Event<Int>], name: SourceName, log: StepLog) {
        self.events = events
        self.name = name
        self.log = log
    }

    override func run(_ observer: AnyObserver<Int>) -> Disposable {
        log.steps.append(.subscribe(name))
        // Past the stack budget the run has failed: silent, so a recursion through synchronous
        // sources stops here.
        if log.isPastStackBudget { return Disposables.create() }
        let subscription = Subscription(name: name, log: log)
        for event in events {
            let isTerminal = event.isStopEvent
            if isTerminal { subscription.isLive = false }
            observer.on(event)
            if isTerminal { break }
        }
        return subscription
    }

    private final class Subscription: Disposable {
        var isLive = true
        let name: SourceName
        unowned let log: StepLog
        init(name: SourceName, log: StepLog) {
            self.name = name
            self.log = log
        }
        func dispose() {
            guard isLive else { return }
            isLive = false
            log.steps.append(.dispose(name))
        }
    }
}

/// What a run's harness closures share.
private final class RunState<Element> {
    /// Subscribers whose output has not ended yet.
    @exclusivity(unchecked) var live: Int
    @exclusivity(unchecked) var timersAfterEnd: [Int] = []
    @exclusivity(unchecked) var output: Observable<Element>?
    @exclusivity(unchecked) var subscription: Disposable?
    /// True while the main observer's subscribe call runs.
    @exclusivity(unchecked) var subscribing = false
    /// The live subscriptions of the source that carries the observer's feedback.
    @exclusivity(unchecked) var feedbackTargets: [AnyObserver<Int>] = []
    @exclusivity(unchecked) var extraSubscriptions: [Disposable?]

    init(live: Int, extras: Int) {
        self.live = live
        self.extraSubscriptions = Array(filled: nil, count: extras)
    }
}

/// The harness's steps of a run as one queued action; the payload says which step.
private final class HarnessSteps: VirtualAction {
    let step: (Int) -> Void
    init(_ step: @escaping (Int) -> Void) { self.step = step }
    override func fire(_ payload: Int) { step(payload) }
}

/// The operations of one run, in order; shared by its sources and its main observer.
final class StepLog {
    @exclusivity(unchecked) var steps: [RunStep] = []
    /// The run's stack budget, and whether a delivery to the main observer went past it.
    var stackBudget = Int.max
    @exclusivity(unchecked) var isPastStackBudget = false

    /// Room for about `count` operations at once, so a run's log grows without reallocating.
    init(expecting count: Int = 0) { steps.reserveCapacity(count) }
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
    /// The scheduler's clock, not the scheduler: see `VirtualTimeScheduler.sharedClock`.
    let clock: SharedClock
    let stackBase: Int
    /// The deepest the stack went below `stackBase` at a delivery.
    @exclusivity(unchecked) var stackDepth = 0
    // Unchecked: appended to one delivery at a time, never while another access is open.
    @exclusivity(unchecked) var events: [Recorded<Event<Element>>] = []
    @exclusivity(unchecked) var afterDispose: [Recorded<Event<Element>>] = []
    @exclusivity(unchecked) var isDisposed = false
    /// Set while the observer has disposed inside the subscribe call that has not returned yet:
    /// what arrives meanwhile is dropped, not recorded.
    @exclusivity(unchecked) var isIgnoring = false
    /// Set once the output ended for this observer (terminal, or its dispose).
    @exclusivity(unchecked) var hasEnded = false
    /// Called when a terminal arrives.
    @exclusivity(unchecked) var onEnd: (() -> Void)?
    /// Called after each event with the number received so far and whether it was an element.
    @exclusivity(unchecked) var onReceived: ((Int, Bool) -> Void)?
    /// Where the main observer logs each event it records.
    @exclusivity(unchecked) var log: StepLog?

    /// `record`, compiled for `Int` when that is the element (see `specialisedForInt`).
    private let receive: (RecordingObserver<Element>, Event<Element>) -> Void

    init(scheduler: TestScheduler, stackBase: Int) {
        self.clock = scheduler.sharedClock
        self.stackBase = stackBase
        events.reserveCapacity(16)
        let forInt: (RecordingObserver<Int>, Event<Int>) -> Void = { $0.record($1) }
        receive = specialisedForInt(forInt, otherwise: { $0.record($1) })
    }

    func on(_ event: Event<Element>) { receive(self, event) }

    private func record(_ event: Event<Element>) {
        let depth = stackBase - StackProbe.address()
        if depth > stackDepth {
            stackDepth = depth
            if let log, depth > log.stackBudget { log.isPastStackBudget = true }
        }
        let recorded = Recorded(time: clock.now, value: event)
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
