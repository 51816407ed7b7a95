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
        sameEvents(lhs.events, rhs.events) && lhs.sourceLogs == rhs.sourceLogs && lhs.innerLogs == rhs.innerLogs
            && lhs.extraEvents.count == rhs.extraEvents.count
            && zip(lhs.extraEvents, rhs.extraEvents).allSatisfy { sameEvents($0, $1) }
    }

    /// `lhs == rhs`, with two `TestError`s compared as such: `errorsEqual` first asks the
    /// runtime whether an error's type is `Equatable`, several times the cost of the rest of
    /// an outcome's comparison.
    private static func sameEvents(_ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // One list twice: a run that followed its model's prediction has the model's events.
        if lhs.withUnsafeBufferPointer({ $0.baseAddress }) == rhs.withUnsafeBufferPointer({ $0.baseAddress }) { return true }
        for index in lhs.indices {
            guard lhs[index].time == rhs[index].time else { return false }
            if case .error(let left) = lhs[index].value, case .error(let right) = rhs[index].value,
               let left = TestError.identity(of: left), let right = TestError.identity(of: right) {
                if left != right { return false }
            } else if lhs[index].value != rhs[index].value {
                return false
            }
        }
        return true
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
    package var workload: Int { parameters.reduce(eventCount) { $1 >= 1_000 ? $0 + $1 : $0 } }
}

extension Scenario {
    /// Builds the sources on a `TestScheduler` as good as new (the thread's spare, reset, with the
    /// sources, harness and lists an earlier run left it), queues hot events in `hotOrder`, then
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
        run(stepBudget: stepBudget, stackBudget: stackBudget, predicted: nil, predictedSteps: nil, build)
    }

    /// `run`, told what a model predicts: while the output agrees with `predicted`, the main
    /// observer compares each event with it instead of storing one, and a run that agrees
    /// throughout has `predicted` itself as its events (the same values: for `Int`, the only
    /// element this applies to, equal events are identical). `predictedSteps` are followed
    /// alike. What happened is recorded as usual from the first event or step that differs,
    /// with the agreeing ones before it. (Two lists, not an `Outcome`: copying one costs a
    /// retain and a release of each of its lists.)
    @_specialize(where Element == Int)
    package func run<Element: Equatable>(
        stepBudget: Int = 100_000, stackBudget: Int? = nil,
        predicted: [Recorded<Event<Element>>]?, predictedSteps: [RunStep]?,
        _ build: @escaping (ScenarioContext) -> Observable<Element>
    ) -> ScenarioRun<Element> {
        let stackBudget = stackBudget ?? .max
        guard workload > largeScenarioEvents else {
            return runOnSpare(stepBudget: stepBudget, stackBudget: stackBudget,
                              predicted: predicted, predictedSteps: predictedSteps, build)
        }
        let budget = stepBudget + 100 * workload * (1 + extraSubscribers.count)
        let box = RunBox<Element>()
        box.work = {
            self.runOnSpare(stepBudget: budget, stackBudget: stackBudget, predicted: predicted, predictedSteps: predictedSteps, build)
        }
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

    /// `runHere` on the thread's spare scheduler, or a new one; kept as the spare afterwards
    /// when nothing else holds it — once everything the run made is gone.
    @_specialize(where Element == Int)
    private func runOnSpare<Element: Equatable>(
        stepBudget: Int, stackBudget: Int, predicted: [Recorded<Event<Element>>]?, predictedSteps: [RunStep]?,
        _ build: @escaping (ScenarioContext) -> Observable<Element>
    ) -> ScenarioRun<Element> {
        var scheduler = SpareScheduler.take() ?? TestScheduler(initialClock: 0)
        var (run, made, harness) = runHere(on: scheduler, stepBudget: stepBudget, stackBudget: stackBudget,
                                           predicted: predicted, predictedSteps: predictedSteps, build)
        // In this order: the harness holds the sources, and the sources log to its observer.
        harness.letGo()
        HotSourceSpares.keep(&made.sources, on: scheduler)
        HotSourceSpares.keep(&made.inners, on: scheduler)
        // Emptied, the list of sources serves the next run's.
        if made.sources.capacity <= HotSourceSpares.largestKept { swap(&made.sources, &scheduler.spareSourceList) }
        Harness.keep(&harness, on: scheduler)
        SpareScheduler.keep(&scheduler)
        return run
    }

    @_specialize(where Element == Int)
    private func runHere<Element: Equatable>(
        on scheduler: TestScheduler, stepBudget: Int, stackBudget: Int, predicted: [Recorded<Event<Element>>]?, predictedSteps: [RunStep]?,
        _ build: @escaping (ScenarioContext) -> Observable<Element>
    ) -> (run: ScenarioRun<Element>, made: (sources: [Observable<Int>], inners: [Observable<Int>]), harness: Harness<Element>) {
        let stackBase = StackProbe.address()
        scheduler.stepBudget = stepBudget
        // Each event is delivered and may be emitted, around a few subscribes and disposes — up
        // to a block glibc's malloc serves from its per-thread cache (see `stepsReserved`).
        // The main observer keeps the run's step log (it is the log), which the sources write to:
        // made first — or the one of the harness the scheduler kept from its last run, with it.
        let eventCount = eventCount
        // The list of source logs the last run's outcome has, emptied first: once that outcome is
        // gone (the usual case) the list and the logs in it are the scheduler's alone, and
        // emptying keeps their storage for this run's (see `HotObservable.reuse`).
        var sourceLogs: [[Subscription]] = []
        swap(&sourceLogs, &scheduler.spareSourceLogs)
        sourceLogs.removeAll(keepingCapacity: true)
        let spare = Harness<Element>.take(from: scheduler)
        let observer: RecordingObserver<Element>
        if let spare {
            observer = spare.observer
            observer.reload(stackBase: stackBase, expecting: eventCount, steps: stepsReserved(forEvents: eventCount))
        } else {
            observer = RecordingObserver<Element>(scheduler: scheduler, stackBase: stackBase, expecting: eventCount,
                                                  steps: stepsReserved(forEvents: eventCount))
        }
        let operations: StepLog = observer
        operations.stackBudget = stackBudget
        if let predicted, Element.self == Int.self { observer.predicted = Prediction(predicted) }
        if let predictedSteps { operations.predictedSteps = Prediction(predictedSteps) }
        // The observable of each source and of each inner source: a test observable, or (for a
        // synchronous source) a `SynchronousSource`. The hot ones queue their events in `hotOrder`
        // once all exist.
        // In the list the scheduler kept from its last run, if it has one (see `HotSourceSpares`).
        var sourceObservables: [Observable<Int>] = []
        swap(&sourceObservables, &scheduler.spareSourceList)
        if sourceObservables.capacity < sources.count { sourceObservables.reserveCapacity(sources.count) }
        var innerObservables: [Observable<Int>] = []
        // Not for none: reserving room for nothing still allocates an empty buffer.
        if !inners.isEmpty { innerObservables.reserveCapacity(inners.count) }
        var hotEvents = 0
        // In-out, not captured: a captured variable would be a heap box, checked at every use.
        func make(_ timelines: [SourceTimeline], inner: Bool, into observables: inout [Observable<Int>], hotEvents: inout Int) {
            for (offset, timeline) in timelines.enumerated() {
                let name = SourceName(inner: inner, offset)
                let testable: TestableObservable<Int>
                switch timeline.flavor {
                case .hot, .behavior:
                    let hot = HotSourceSpares.take(from: scheduler, timeline: timeline.events)
                    hot.replaysLatest = timeline.flavor == .behavior
                    hotEvents += timeline.events.count
                    testable = hot
                case .cold:
                    testable = ColdObservable<Int>(scheduler: scheduler, timeline: timeline.events)
                case .synchronous:
                    observables.append(SynchronousSource(events: timeline.events.map(\.value.event), name: name, log: operations))
                    continue
                }
                testable.operationLog = (operations, name)
                observables.append(testable)
            }
        }
        make(sources, inner: false, into: &sourceObservables, hotEvents: &hotEvents)
        make(inners, inner: true, into: &innerObservables, hotEvents: &hotEvents)
        precondition(hotOrder.count == hotEvents, "a scenario's hotOrder must name every hot event exactly once")
        // As made, before any is wrapped for feedback: what the logs are read from.
        let (madeSources, madeInners) = (sourceObservables, innerObservables)
        var feed: HotFeed?
        if !hotOrder.isEmpty {
            let loading = HotFeed.reusable(for: scheduler)
            if loading.load(order: hotOrder, sources: madeSources, inners: madeInners, scheduler: scheduler) {
                loading.start()
                feed = loading
            } else {
                for ref in hotOrder {
                    hotSource(of: ref, sources: madeSources, inners: madeInners).scheduleEvent(ref.index, on: scheduler)
                }
            }
        }
        // Feedback: the source it names also carries what the observer sends back, while it is live.
        let feedbackTargets = feedback.map { _ in FeedbackTargets() }
        if let feedback, let feedbackTargets {
            func feedingBack(_ original: Observable<Int>) -> Observable<Int> {
                Observable.create { observer in
                    feedbackTargets.observers.append(observer)
                    return original.subscribe(observer)
                }
            }
            if let inner = feedback.inner {
                if inner < innerObservables.count { innerObservables[inner] = feedingBack(innerObservables[inner]) }
            } else if feedback.source < sourceObservables.count {
                sourceObservables[feedback.source] = feedingBack(sourceObservables[feedback.source])
            }
        }

        observer.logsSteps = true
        let extras = extraSubscribers.map { _ in RecordingObserver<Element>(scheduler: scheduler, stackBase: stackBase, expecting: eventCount) }
        let context = (sources: sourceObservables, inners: innerObservables, parameters: parameters)
        // Erased here, not by `asObserver()` (RxCore's, compiled once for every type).
        let extraHandles = extras.map { AnyObserver(eventHandler: $0.on) }
        let harness = spare ?? Harness(scheduler: scheduler, observer: observer)
        harness.reload(build: build, context: context, extras: extras, extraHandles: extraHandles,
                       disposeInsideAfter: disposeInsideAfter, feedback: feedback, feedbackTargets: feedbackTargets)
        // Unowned back references, cleared below: the harness owns its observers.
        observer.harness = .passUnretained(harness)
        observer.reportsReceived = feedback != nil || disposeInsideAfter != nil
        for extra in extras { extra.harness = .passUnretained(harness) }
        scheduler.relativeActionWatcher = harness
        // Queued in step order, so each keeps its place among equal ticks (see `Harness`).
        scheduler.enqueue(harness, payload: 0, at: created)
        scheduler.enqueue(harness, payload: 1, at: subscribed)
        scheduler.enqueue(harness, payload: 2, at: disposed)
        for (index, window) in extraSubscribers.enumerated() {
            scheduler.enqueue(harness, payload: 3 + 2 * index, at: window.subscribe)
            scheduler.enqueue(harness, payload: 4 + 2 * index, at: window.unsubscribe)
        }
        scheduler.start()
        // The observers' back references go first, then the cycles through the operator chain
        // (the harness holds the subscriptions and the fed-back observers, which hold the
        // observers): break them.
        observer.harness = nil
        for extra in extras { extra.harness = nil }
        feedbackTargets?.observers = []
        harness.tearDown()
        // Still logging while the operator went (as before the dispose), but not past the run.
        observer.logsSteps = false
        scheduler.relativeActionWatcher = nil
        if var used = feed {
            feed = nil
            HotFeed.putBack(&used, on: scheduler)
        }
        // A synchronous source keeps no log; every other is a test observable.
        func logs(_ timelines: [SourceTimeline], _ made: [Observable<Int>]) -> [[Subscription]] {
            timelines.indices.map { timelines[$0].flavor == .synchronous ? [] : unsafeDowncast(made[$0], to: TestableObservable<Int>.self).subscriptions }
        }
        for index in sources.indices {
            sourceLogs.append(sources[index].flavor == .synchronous ? [] : unsafeDowncast(madeSources[index], to: TestableObservable<Int>.self).subscriptions)
        }
        if sourceLogs.capacity <= HotSourceSpares.largestKept { scheduler.spareSourceLogs = sourceLogs }
        let innerLogs = logs(inners, madeInners)
        // Closures, not key paths: a key path into a generic class is built at run time, at a cost
        // of thousands of instructions per run. Without extras (the usual case) the observer's
        // own list is taken as it is: concatenating an empty one still costs a copy.
        let run = ScenarioRun(
            outcome: Outcome(events: observer.recordedEvents, sourceLogs: sourceLogs, innerLogs: innerLogs,
                             extraEvents: extras.map { $0.events }, steps: operations.recordedSteps),
            eventsAfterDispose: extras.isEmpty ? observer.afterDispose : observer.afterDispose + extras.flatMap { $0.afterDispose },
            timersAfterEnd: harness.timersAfterEnd,
            stackDepth: extras.reduce(observer.stackDepth) { max($0, $1.stackDepth) },
            isRunaway: scheduler.exceededStepBudget,
            steps: scheduler.steps)
        // Handed out for the caller to keep as spares once everything else here is gone.
        return (run, (madeSources, madeInners), harness)
    }
}

/// A scheduler's spare hot sources: a scenario run takes its hot sources from them before it
/// makes any, and the caller puts back those its run is done with, so a thread's runs make
/// and free no source objects. A source is kept only when nothing but the run's list holds it
/// (code under test may keep a source it was handed) and nothing of the run is left in it.
private enum HotSourceSpares {
    /// The most a scheduler keeps: a scenario has a few sources.
    static let largestKept = 8
    /// The longest log a kept source may have room for.
    static let largestLogKept = 64

    /// A spare of `scheduler` delivering `timeline`, or a new source.
    static func take(from scheduler: VirtualTimeScheduler, timeline: [TimelineEvent]) -> HotObservable<Int> {
        guard let spare = scheduler.spareHotSources.popLast() else {
            return HotObservable<Int>(scheduler: scheduler, timeline: timeline)
        }
        spare.reuse(timeline: timeline)
        return spare
    }

    /// Keeps, cleared, each hot source of `made` that only the list holds; empties the list,
    /// which keeps its room.
    static func keep(_ made: inout [Observable<Int>], on scheduler: VirtualTimeScheduler) {
        // Each taken out of the list, not read from it: a read would retain it.
        while var source = made.popLast() {
            // The class compared, not cast to: a cast asks the runtime.
            guard scheduler.spareHotSources.count < largestKept, type(of: source) == HotObservable<Int>.self,
                  isKnownUniquelyReferenced(&source) else { continue }
            let hot = unsafeDowncast(consume source, to: HotObservable<Int>.self)
            // One whose log grew long (resubscribed over and over) is let go with it.
            guard hot.isIdle, hot.subscriptions.capacity <= largestLogKept else { continue }
            hot.clear()
            scheduler.spareHotSources.append(hot)
        }
    }
}

/// The test source a hot order's event belongs to: hot by construction, since `hotOrder` names
/// hot events only.
private func hotSource(of ref: HotEventRef, sources: [Observable<Int>], inners: [Observable<Int>]) -> HotObservable<Int> {
    unsafeDowncast((ref.inner ? inners : sources)[ref.source], to: HotObservable<Int>.self)
}

/// One spare scheduler per thread for the next scenario run there: a scheduler nothing else
/// holds once its run is over is reset and kept, instead of being freed and another made (an
/// object, its clock and two arrays). One that code under test still holds is left to it, and
/// one whose queue grew large (a runaway's) is let go rather than kept at that size.
private enum SpareScheduler {
    static let largestKept = 1_024

    private static let slot = ThreadSlot<TestScheduler>()

    /// The thread's spare, if it has one (then it has none until `keep`).
    static func take() -> TestScheduler? { slot.take() }

    /// Keeps `scheduler`, reset, as the thread's spare when nothing else holds it.
    static func keep(_ scheduler: inout TestScheduler) {
        guard isKnownUniquelyReferenced(&scheduler), scheduler.capacity <= largestKept, slot.isEmpty else { return }
        scheduler.reset(initialClock: 0)
        slot.put(scheduler)
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
        log.log(.subscribe(name))
        // Past the stack budget the run has failed: silent, so a recursion through synchronous
        // sources stops here.
        if log.isPastStackBudget { return Disposables.create() }
        var ended = false
        for event in events {
            ended = event.isStopEvent
            observer.on(event)
            if ended { break }
        }
        // Ended: a dispose has nothing left to release or log (no object to make for it).
        return ended ? Disposables.create() : Subscription(name: name, log: log)
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
            log.log(.dispose(name))
        }
    }
}

/// Fires a run's hot events in `hotOrder` with one entry in the scheduler's queue at a time:
/// event k is queued when event k − 1 fires, in the place among equal ticks it would have taken
/// had all been queued up front, one after another (`firstSequence + k`). What runs, and in what
/// order, is the same; the queue stays a few entries long, and no source needs an action of its
/// own. Only for an order whose ticks never decrease (a drawn or parsed scenario's): otherwise
/// queueing up front would run the events in another order than `hotOrder`'s.
private final class HotFeed: VirtualAction {
    // Unchecked exclusivity: loaded before the run, read by it one event at a time.
    /// Per position in `hotOrder`: the event's tick, its source and its index there (`count` of
    /// `capacity` in use). Unmanaged: `sources` holds every source for as long as the feed is
    /// loaded. Raw storage, kept with the feed from run to run: loading writes each entry with
    /// no uniqueness or capacity check, as appending to an array would make at every event.
    @exclusivity(unchecked) private var events: UnsafeMutablePointer<Event>?
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var sources: (sources: [Observable<Int>], inners: [Observable<Int>]) = ([], [])
    /// Unmanaged: only this scheduler's run fires the feed, and a call through it retains nothing.
    @exclusivity(unchecked) private var scheduler: Unmanaged<VirtualTimeScheduler>?
    @exclusivity(unchecked) private var firstSequence = 0

    private typealias Event = (tick: Int, source: Unmanaged<HotObservable<Int>>, index: Int)

    deinit { events?.deallocate() }

    /// The feed `scheduler` kept from its last run, or a new one. A run's feed is kept for the
    /// next (`putBack`), so its object and its events' storage are made once, not per run.
    static func reusable(for scheduler: VirtualTimeScheduler) -> HotFeed {
        guard let spare = scheduler.spareHotFeed else { return HotFeed() }
        scheduler.spareHotFeed = nil
        return unsafeDowncast(spare, to: HotFeed.self)
    }

    /// Loads `order`, whose events belong to `sources` and `inners`; false (nothing loaded) when
    /// its ticks decrease somewhere.
    func load(order: [HotEventRef], sources: [Observable<Int>], inners: [Observable<Int>], scheduler: VirtualTimeScheduler) -> Bool {
        count = 0
        if capacity < order.count {
            events?.deallocate()
            capacity = max(1, order.count, 2 * capacity)
            events = .allocate(capacity: capacity)
        }
        guard let events else { return false }
        let innerBase = sources.count
        // Each source taken out of its array once (a strong copy, counted), not once per event.
        let loaded = withUnsafeTemporaryAllocation(of: Unmanaged<HotObservable<Int>>?.self, capacity: sources.count + inners.count) { table -> Int? in
            table.initialize(repeating: nil)
            var last = Int.min
            for (position, ref) in order.enumerated() {
                let slot = ref.inner ? innerBase + ref.source : ref.source
                let source: Unmanaged<HotObservable<Int>>
                if let known = table[slot] {
                    source = known
                } else {
                    source = .passUnretained(hotSource(of: ref, sources: sources, inners: inners))
                    table[slot] = source
                }
                let tick = source._withUnsafeGuaranteedRef { $0.timings[ref.index].tick }
                if tick < last { return nil }
                last = tick
                (events + position).initialize(to: (tick, source, ref.index))
            }
            return order.count
        }
        guard let loaded else { return false }
        count = loaded
        self.sources = (sources, inners)
        self.scheduler = .passUnretained(scheduler)
        self.firstSequence = scheduler.reserveSequences(order.count)
        return true
    }

    /// After the run: lets go of the sources and keeps the feed as `scheduler`'s spare, when
    /// nothing queued still points at it and its storage is no larger than a spare scheduler's.
    static func putBack(_ feed: inout HotFeed, on scheduler: VirtualTimeScheduler) {
        guard isKnownUniquelyReferenced(&feed), feed.capacity <= SpareScheduler.largestKept else { return }
        feed.count = 0
        feed.sources = ([], [])
        feed.scheduler = nil
        scheduler.spareHotFeed = feed
    }

    /// Queues the first event.
    func start() { queue(0) }

    private func queue(_ k: Int) {
        let (tick, sequence) = (events.unsafelyUnwrapped[k].tick, firstSequence + k)
        scheduler.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.enqueue(self, payload: k, at: tick, sequence: sequence) }
    }

    /// Fires event `k`, then — while the next is due before anything queued — the events after
    /// it, as the run would have taken them from the queue one by one; queues the first that
    /// is not.
    override func fire(_ k: Int) {
        var k = k
        let (scheduler, events, count) = (scheduler.unsafelyUnwrapped, events.unsafelyUnwrapped, count)
        while true {
            let index = events[k].index
            events[k].source._withUnsafeGuaranteedRef { $0.fire(index) }
            k += 1
            guard k < count else { return }
            let (tick, sequence) = (events[k].tick, firstSequence + k)
            guard scheduler._withUnsafeGuaranteedRef({ $0.runsNext(at: tick, sequence: sequence) }) else { break }
        }
        queue(k)
    }
}

/// The live subscriptions of the source that carries the observer's feedback.
private final class FeedbackTargets {
    @exclusivity(unchecked) var observers: [AnyObserver<Int>] = []
}

/// A run's harness: its steps, queued as one action told apart by payload — 0 creates the
/// operator, 1 subscribes the observer, 2 disposes it, then 3 + 2k and 4 + 2k subscribe and
/// dispose extra subscriber k — and what they share with the observers. One object, so a run
/// allocates no closure contexts for them and checks no captured variable for exclusive access.
private final class Harness<Element: Equatable>: VirtualAction, RelativeActionWatcher {
    /// Unowned: it holds this action while a step is queued (a run stopped as a runaway leaves
    /// some), and a strong reference would keep the two alive.
    unowned let scheduler: TestScheduler
    // Variables, and unchecked: set for each run the harness serves (see `reload`), read by
    // one step at a time.
    @exclusivity(unchecked) var build: (ScenarioContext) -> Observable<Element>
    /// nil while the harness is kept between runs.
    @exclusivity(unchecked) var context: (sources: [Observable<Int>], inners: [Observable<Int>], parameters: [Int])?
    /// The main observer, the harness's own from run to run.
    @exclusivity(unchecked) var observer: RecordingObserver<Element>
    @exclusivity(unchecked) var extras: [RecordingObserver<Element>]
    /// The observers type-erased where the run was compiled for the element type (see
    /// `Scenario.runHere`), so each event reaches `RecordingObserver.on` as code compiled for it.
    @exclusivity(unchecked) var observerHandle: AnyObserver<Element>
    @exclusivity(unchecked) var extraHandles: [AnyObserver<Element>]
    @exclusivity(unchecked) var disposeInsideAfter: Int?
    @exclusivity(unchecked) var feedback: Scenario.Feedback?
    @exclusivity(unchecked) var feedbackTargets: FeedbackTargets?

    /// Subscribers whose output has not ended yet.
    @exclusivity(unchecked) var live: Int
    @exclusivity(unchecked) var timersAfterEnd: [Int] = []
    @exclusivity(unchecked) var output: Observable<Element>?
    @exclusivity(unchecked) var subscription: Disposable?
    /// True while the main observer's subscribe call runs.
    @exclusivity(unchecked) var subscribing = false
    @exclusivity(unchecked) var extraSubscriptions: [Disposable?]

    /// A harness of `observer`'s, as a kept one is between runs: `reload` gives it a run.
    init(scheduler: TestScheduler, observer: RecordingObserver<Element>) {
        self.scheduler = scheduler
        self.build = Harness.unbuilt
        self.context = nil
        self.observer = observer
        self.extras = []
        self.observerHandle = Harness.unobserved
        self.extraHandles = []
        self.live = 1
        self.extraSubscriptions = []
    }

    /// The harness `scheduler` kept from its last run (`keep`), if it is one of these; then the
    /// scheduler keeps none until the run is over. Its observer comes with it.
    static func take(from scheduler: VirtualTimeScheduler) -> Harness? {
        // The class compared, not cast to: a cast asks the runtime.
        guard let spare = scheduler.spareHarness, type(of: spare) == Harness.self else { return nil }
        scheduler.spareHarness = nil
        return unsafeDowncast(spare, to: Harness.self)
    }

    /// Serves a run (its observer reloaded already).
    func reload(build: @escaping (ScenarioContext) -> Observable<Element>,
                context: (sources: [Observable<Int>], inners: [Observable<Int>], parameters: [Int]),
                extras: [RecordingObserver<Element>], extraHandles: [AnyObserver<Element>],
                disposeInsideAfter: Int?, feedback: Scenario.Feedback?, feedbackTargets: FeedbackTargets?) {
        self.build = build
        self.context = context
        self.observerHandle = AnyObserver(eventHandler: observer.on)
        // What a kept harness has empty or nil already is left as it is: setting it again would
        // still cost a release of what it held.
        if !extras.isEmpty {
            self.extras = extras
            self.extraHandles = extraHandles
            self.extraSubscriptions = Array(filled: nil, count: extras.count)
        }
        self.disposeInsideAfter = disposeInsideAfter
        self.feedback = feedback
        if feedbackTargets != nil { self.feedbackTargets = feedbackTargets }
        self.live = 1 + extras.count
    }

    /// After the run (and `tearDown`): lets go of what the run gave it, all but its observer.
    /// What is empty already is left as it is (emptying it again would still cost a release).
    func letGo() {
        build = Harness.unbuilt
        context = nil
        observerHandle = Harness.unobserved
        if !extras.isEmpty { (extras, extraHandles, extraSubscriptions) = ([], [], []) }
        if feedbackTargets != nil { feedbackTargets = nil }
        if !timersAfterEnd.isEmpty { timersAfterEnd = [] }
    }

    /// After `letGo`: keeps `harness` and its observer as `scheduler`'s spare when nothing else
    /// holds either (code under test may keep the observer it was handed).
    static func keep(_ harness: inout Harness, on scheduler: VirtualTimeScheduler) {
        guard isKnownUniquelyReferenced(&harness), isKnownUniquelyReferenced(&harness.observer) else { return }
        harness.observer.clear()
        scheduler.spareHarness = harness
    }

    /// What a kept harness holds in place of the last run's build and observer handle.
    private static var unbuilt: (ScenarioContext) -> Observable<Element> { { _ in Observable.empty() } }
    private static var unobserved: AnyObserver<Element> { AnyObserver { _ in } }

    override func fire(_ step: Int) {
        switch step {
        case 0:
            let context = context.unsafelyUnwrapped
            output = build(ScenarioContext(sources: context.sources, inners: context.inners,
                                           scheduler: scheduler, parameters: context.parameters))
        case 1:
            subscribing = true
            // `run`, what `subscribe` calls with the erased observer: called directly, this
            // generic class asks the runtime for no observer type.
            subscription = output?.run(observerHandle)
            subscribing = false
            // The limit was reached inside subscribe: the handle exists only now.
            if observer.isIgnoring {
                observer.isIgnoring = false
                disposeFromInside()
            }
        case 2:
            subscription?.dispose()
            observer.isDisposed = true
            ended(observer)
        default:
            let index = (step - 3) / 2
            let extra = extras[index]
            if step % 2 == 1 {
                extraSubscriptions[index] = output?.run(extraHandles[index])
            } else {
                extraSubscriptions[index]?.dispose()
                extra.isDisposed = true
                ended(extra)
            }
        }
    }

    /// Every subscriber's output ends once (terminal or dispose); after the last end, any
    /// relative action that still runs was left behind.
    func relativeActionRuns(at tick: TestTime) {
        if live == 0 { timersAfterEnd.append(tick) }
    }

    /// A subscriber's output ended (terminal or dispose); counted once per subscriber.
    func ended(_ recorder: RecordingObserver<Element>) {
        guard !recorder.hasEnded else { return }
        recorder.hasEnded = true
        live -= 1
    }

    /// The main observer received its `count`th event: the feedback and the dispose from
    /// inside `onNext` happen here.
    func received(_ count: Int, isElement: Bool) {
        guard isElement else { return }
        if let feedback, count == feedback.after, let feedbackTargets {
            for target in feedbackTargets.observers { target.onNext(feedback.value) }
        }
        guard count == disposeInsideAfter else { return }
        if subscribing {
            observer.isIgnoring = true
        } else {
            disposeFromInside()
        }
    }

    /// The observer's own dispose, from inside onNext: it stops recording first, so anything
    /// the operator still delivers while being disposed counts as after the dispose.
    private func disposeFromInside() {
        observer.isDisposed = true
        ended(observer)
        subscription?.dispose()
    }

    /// Drops the operator and its subscriptions, which hold the observers.
    func tearDown() {
        subscription = nil
        extraSubscriptions = []
        output = nil
    }
}

/// A list a model predicts, while what a run records agrees with it: the first `followed` items
/// are the run's own, so it records none of them (see `Scenario.run(predicted:)`). Following an
/// empty prediction is not following at all: the run records from its first item either way.
struct Prediction<Item> {
    private var items: [Item] = []
    private(set) var followed = 0

    init() {}

    /// Follows `items` from the first on.
    init(_ items: [Item]) { self.items = items }

    /// True, the item counted as recorded, when the next predicted one `agrees`; false when not
    /// following, or past the prediction's end.
    @inline(__always)
    mutating func follows(_ agrees: (Item) -> Bool) -> Bool {
        guard followed < items.count, agrees(items[followed]) else { return false }
        followed += 1
        return true
    }

    /// Stops following: the items that agreed are appended to `list`, which records from here.
    mutating func stop(into list: inout [Item]) {
        guard !items.isEmpty else { return }
        list.append(contentsOf: items[..<followed])
        self = Prediction()
    }

    /// What was recorded: `list`, or while following the prediction as far as it was followed.
    func recorded(_ list: [Item]) -> [Item] {
        guard !items.isEmpty else { return list }
        return followed == items.count ? items : Array(items[..<followed])
    }

    /// Lets go of the prediction (a kept observer's, between runs).
    mutating func clear() {
        if !items.isEmpty { self = Prediction() }
    }
}

/// The operations of one run, in order; shared by its sources and its main observer, which is
/// the log (a `RecordingObserver`: the two were always made, and let go of, together).
class StepLog {
    /// What was logged — from the first step that differed, when following a prediction.
    @exclusivity(unchecked) final var steps: [RunStep] = []
    /// The steps a model predicts, while the run's agree with them (see `Scenario.run(predicted:)`).
    @exclusivity(unchecked) final var predictedSteps = Prediction<RunStep>()
    /// The run's stack budget, and whether a delivery to the main observer went past it.
    @exclusivity(unchecked) final var stackBudget = Int.max
    @exclusivity(unchecked) final var isPastStackBudget = false

    /// Room for about `count` operations at once, so a run's log grows without reallocating
    /// (none for an extra subscriber's observer, which logs nothing).
    init(expecting count: Int) { if count > 0 { steps.reserveCapacity(count) } }

    /// Logs `step`: compared with the prediction while following one, appended otherwise.
    @inline(__always)
    final func log(_ step: RunStep) {
        if !predictedSteps.follows({ $0 == step }) {
            predictedSteps.stop(into: &steps)
            steps.append(step)
        }
    }

    /// The steps logged: while following, the prediction as far as it was followed.
    final var recordedSteps: [RunStep] { predictedSteps.recorded(steps) }
}

/// How many steps a run or a model reserves room for at once: one per event and one per emitted
/// element, with a few subscribes and disposes, but no more than fit the block malloc keeps in
/// its per-thread cache (`RawBlock.cachedBytes`); a log that needs more grows.
package func stepsReserved(forEvents events: Int) -> Int { min(8 + 2 * events, RawBlock.arrayCapacity(of: RunStep.self)) }

/// How many output events a run's recorder or a model's output reserves room for: as many as
/// the scenario's timelines hold and a terminal (most outputs stay within that), within the
/// block malloc keeps in its per-thread cache; an output that needs more grows.
@inlinable
package func outputReserved<Element>(forEvents events: Int, of type: Element.Type) -> Int {
    min(max(16, events + 2), RawBlock.arrayCapacity(of: Recorded<Event<Element>>.self))
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

private final class RecordingObserver<Element: Equatable>: StepLog, ObserverType {
    /// The scheduler's clock, not the scheduler: see `VirtualTimeScheduler.sharedClock`.
    let clock: SharedClock
    @exclusivity(unchecked) var stackBase: Int
    /// The deepest the stack went below `stackBase` at a delivery.
    @exclusivity(unchecked) var stackDepth = 0
    // Unchecked: appended to one delivery at a time, never while another access is open.
    @exclusivity(unchecked) var events: [Recorded<Event<Element>>] = []
    /// The output a model predicts, while the output agrees with it (see `Scenario.run(predicted:)`).
    @exclusivity(unchecked) var predicted = Prediction<Recorded<Event<Element>>>()
    @exclusivity(unchecked) var afterDispose: [Recorded<Event<Element>>] = []
    @exclusivity(unchecked) var isDisposed = false
    /// Set while the observer has disposed inside the subscribe call that has not returned yet:
    /// what arrives meanwhile is dropped, not recorded.
    @exclusivity(unchecked) var isIgnoring = false
    /// Set once the output ended for this observer (terminal, or its dispose).
    @exclusivity(unchecked) var hasEnded = false
    /// The run's harness, told when the output ends and (the main observer) of each event
    /// received. Unmanaged: the run clears it before the harness goes, and a call through it
    /// retains nothing (a strong copy of an unowned reference would, at every event).
    @exclusivity(unchecked) var harness: Unmanaged<Harness<Element>>?
    /// True for the observer the harness subscribes at `Scenario.subscribed` when the scenario
    /// has it feed a value back or dispose from inside `onNext`: the harness then hears of each
    /// event it records (otherwise there is nothing to do, and no call per event).
    @exclusivity(unchecked) var reportsReceived = false
    /// True for the main observer while the run lasts: it logs each event it records in its
    /// own steps (it is the run's log) and checks the stack budget.
    @exclusivity(unchecked) var logsSteps = false

    /// Room for an output of a scenario of `events` events (`outputReserved`) and, as the run's
    /// log, for about `steps` operations.
    init(scheduler: TestScheduler, stackBase: Int, expecting events: Int, steps: Int = 0) {
        self.clock = scheduler.sharedClock
        self.stackBase = stackBase
        super.init(expecting: steps)
        self.events.reserveCapacity(outputReserved(forEvents: events, of: Element.self))
    }

    /// A kept main observer made ready for another run, as `init` would make a new one. Its
    /// lists are the last run's, emptied: once that run's outcome is gone (the usual case, a
    /// property checks one case at a time) they are this observer's alone, and emptying them
    /// keeps their storage — no allocation. An outcome still held keeps its own.
    func reload(stackBase: Int, expecting events: Int, steps: Int) {
        self.stackBase = stackBase
        // Empty already after a run that followed its prediction throughout.
        if !self.events.isEmpty { self.events.removeAll(keepingCapacity: true) }
        self.events.reserveCapacity(outputReserved(forEvents: events, of: Element.self))
        if !self.steps.isEmpty { self.steps.removeAll(keepingCapacity: true) }
        self.steps.reserveCapacity(steps)
    }

    /// Forgets the run; what it recorded stays until `reload` (see there), unless it grew
    /// past the block malloc keeps in its per-thread cache.
    func clear() {
        if events.capacity > RawBlock.arrayCapacity(of: Recorded<Event<Element>>.self) { events = [] }
        if !afterDispose.isEmpty { afterDispose = [] }
        if steps.capacity > RawBlock.arrayCapacity(of: RunStep.self) { steps = [] }
        predicted.clear()
        predictedSteps.clear()
        stackDepth = 0
        isDisposed = false
        isIgnoring = false
        hasEnded = false
        harness = nil
        reportsReceived = false
        logsSteps = false
        stackBudget = .max
        isPastStackBudget = false
    }

    /// The output recorded: while following, the prediction as far as it was followed.
    var recordedEvents: [Recorded<Event<Element>>] { predicted.recorded(events) }

    /// Equal elements, completions, and `TestError`s of one identity (a value with nothing more
    /// to it); any other error is the run's own, and never followed. An element is matched in
    /// line, without copying either event: the rest is the once-per-run terminal.
    @inline(__always)
    private static func same(_ expected: Recorded<Event<Element>>, time: TestTime, _ actual: Event<Element>) -> Bool {
        guard expected.time == time else { return false }
        if case .next(let right) = actual {
            if case .next(let left) = expected.value { return left == right }
            return false
        }
        return sameEnd(expected.value, actual)
    }

    @inline(never)
    private static func sameEnd(_ expected: Event<Element>, _ actual: Event<Element>) -> Bool {
        switch (expected, actual) {
        case (.completed, .completed): return true
        case let (.error(left), .error(right)):
            guard let left = TestError.identity(of: left), let right = TestError.identity(of: right) else { return false }
            return left == right
        default: return false
        }
    }

    /// Records `event`. The run reaches it through an observer erased where the element type is
    /// known (`Harness.observerHandle`), so for `Int` this runs compiled for `Int`.
    func on(_ event: Event<Element>) {
        let depth = stackBase - StackProbe.address()
        if depth > stackDepth {
            stackDepth = depth
            if logsSteps && depth > stackBudget { isPastStackBudget = true }
        }
        let now = clock.now
        if isIgnoring { return }
        if isDisposed {
            afterDispose.append(Recorded(time: now, value: event))
        } else {
            let count: Int
            if predicted.follows({ Self.same($0, time: now, event) }) {
                count = predicted.followed
            } else {
                predicted.stop(into: &events)
                events.append(Recorded(time: now, value: event))
                count = events.count
            }
            if logsSteps { log(.emit(count - 1)) }
            guard let harness else { return }
            let isStop = event.isStopEvent
            harness._withUnsafeGuaranteedRef { harness in
                if isStop { harness.ended(self) }
                if reportsReceived { harness.received(count, isElement: !isStop) }
            }
        }
    }
}
