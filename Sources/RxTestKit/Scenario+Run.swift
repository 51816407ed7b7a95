// Running a scenario: the entry points that build its sources on a test scheduler, play the
// harness's steps and hand back a `ScenarioRun`, and the large-stack thread a big case runs on.
// The pieces a run is made of live beside it: sources (RunSources), harness (RunHarness), the
// recording observer (RecordingObserver) and the objects kept between runs (RunSpares).

import Foundation
import RxCore

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
        run(stepBudget: stepBudget, stackBudget: stackBudget, predicted: nil, predictedSteps: nil, logsReleases: false, build)
    }

    /// `run`, told what a model predicts: while the output agrees with `predicted`, the main
    /// observer compares each event with it instead of storing one, and a run that agrees
    /// throughout has `predicted` itself as its events (the same values: for `Int`, the only
    /// element this applies to, equal events are identical). `predictedSteps` are followed
    /// alike, and `logsReleases` adds the operator's releases to the steps (see `RunStep.release`).
    /// What happened is recorded as usual from the first event or step that differs,
    /// with the agreeing ones before it. (Two lists, not an `Outcome`: copying one costs a
    /// retain and a release of each of its lists.)
    @_specialize(where Element == Int)
    package func run<Element: Equatable>(
        stepBudget: Int = 100_000, stackBudget: Int? = nil,
        predicted: [Recorded<Event<Element>>]?, predictedSteps: [RunStep]?, logsReleases: Bool = false,
        _ build: @escaping (ScenarioContext) -> Observable<Element>
    ) -> ScenarioRun<Element> {
        let stackBudget = stackBudget ?? .max
        guard workload > largeScenarioEvents else {
            let run = runOnSpare(stepBudget: stepBudget, stackBudget: stackBudget,
                                 predicted: predicted, predictedSteps: predictedSteps, logsReleases: logsReleases, build)
            RunProbe.current?.record(run)
            return run
        }
        let budget = stepBudget + 100 * workload * (1 + extraSubscribers.count)
        var run: ScenarioRun<Element>?
        let job = LargeStackJob {
            run = self.runOnSpare(stepBudget: budget, stackBudget: stackBudget, predicted: predicted, predictedSteps: predictedSteps, logsReleases: logsReleases, build)
        }
        job.runOnLargeStack()
        RunProbe.current?.record(run!)
        return run!
    }

    /// `runHere` on the thread's spare scheduler, or a new one; kept as the spare afterwards
    /// when nothing else holds it — once everything the run made is gone.
    @_specialize(where Element == Int)
    private func runOnSpare<Element: Equatable>(
        stepBudget: Int, stackBudget: Int, predicted: [Recorded<Event<Element>>]?, predictedSteps: [RunStep]?, logsReleases: Bool,
        _ build: @escaping (ScenarioContext) -> Observable<Element>
    ) -> ScenarioRun<Element> {
        var scheduler = SpareScheduler.take() ?? TestScheduler(initialClock: 0)
        var (run, made, harness) = runHere(on: scheduler, stepBudget: stepBudget, stackBudget: stackBudget,
                                           predicted: predicted, predictedSteps: predictedSteps, logsReleases: logsReleases, build)
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
        on scheduler: TestScheduler, stepBudget: Int, stackBudget: Int, predicted: [Recorded<Event<Element>>]?, predictedSteps: [RunStep]?, logsReleases: Bool,
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
        operations.logsReleases = logsReleases
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
                FeedbackSource(original, targets: feedbackTargets)
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
                       disposeInsideAfter: disposeInsideAfter, feedback: feedback, feedbackTargets: feedbackTargets,
                       subscriberAction: subscriberAction)
        // Unowned back references, cleared below: the harness owns its observers.
        observer.harness = .passUnretained(harness)
        observer.reportsReceived = feedback != nil || disposeInsideAfter != nil || subscriberAction?.actor == 0
        for (index, extra) in extras.enumerated() {
            extra.harness = .passUnretained(harness)
            extra.reportsReceived = subscriberAction?.actor == index + 1
        }
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
                             extraEvents: extras.map { $0.events }, steps: operations.recordedSteps,
                             stepsIncludeReleases: logsReleases),
            eventsAfterDispose: extras.isEmpty ? observer.afterDispose : observer.afterDispose + extras.flatMap { $0.afterDispose },
            timersAfterEnd: harness.timersAfterEnd,
            stackDepth: extras.reduce(observer.stackDepth) { max($0, $1.stackDepth) },
            isRunaway: scheduler.exceededStepBudget,
            steps: scheduler.steps)
        // Handed out for the caller to keep as spares once everything else here is gone.
        return (run, (madeSources, madeInners), harness)
    }
}

/// Work for a thread with a 1 GiB stack, run while the caller waits: the thread sees only this
/// object, never the caller's generic types, and nothing here runs concurrently with the caller.
final class LargeStackJob: @unchecked Sendable {
    private let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }

    /// Runs the body on a new thread with a 1 GiB stack and returns once it is done.
    func runOnLargeStack() {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            // A signal handler (the CLI's crash report) needs a stack of its own on this thread
            // to run when the big stack overflows after all.
            let size = 1 << 16
            let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            // Field by field: stack_t's fields come in another order on Darwin than on Linux.
            var alternate = stack_t()
            alternate.ss_sp = memory
            alternate.ss_size = size
            alternate.ss_flags = 0
            sigaltstack(&alternate, nil)
            self.body()
            var off = stack_t()
            off.ss_flags = Int32(SS_DISABLE)
            sigaltstack(&off, nil)
            memory.deallocate()
            done.signal()
        }
        thread.stackSize = 1 << 30
        thread.start()
        done.wait()
    }
}

/// Where the stack is now: stacks grow down, so a deeper call has a smaller address.
enum StackProbe {
    @inline(never)
    static func address() -> Int {
        var marker = 0
        return withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
    }
}
