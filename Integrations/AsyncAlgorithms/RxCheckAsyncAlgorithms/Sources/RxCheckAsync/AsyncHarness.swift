// One run of an async operator over a scenario: sources built on the seeded executor, the
// operator built from them, a consumer task iterating it at its pace and cancelled at the
// drawn tick, and everything recorded as plain values.

import AsyncAlgorithmsModels
import RxCore
import RxTestKit

/// What a build closure gets: the scenario's sources as async sequences, the virtual clock, and
/// the operator's parameters.
public struct AsyncContext {
    /// The sources, in the scenario's order.
    public let sources: [Source]
    /// The virtual clock of the run.
    public let clock: VirtualClock
    /// The operator's own parameters (the case's schedule and pace are not among them).
    public let parameters: [Int]
    /// The scenario's source timelines, for an operator fed by a producer of the build's own
    /// (a channel) rather than by `sources`.
    public let timelines: [SourceTimeline]
    let makeInner: (Int) -> Source
    let factory: SourceFactory

    /// Starts `body` as a task of the harness (a producer feeding a channel): it is cancelled
    /// when the run ends, and nothing it leaves behind counts against the operator.
    public func spawn(_ body: @escaping () async -> Void) {
        factory.spawn(body)
    }

    /// Suspends the calling task of the harness until `tick` (at once when it has passed); a
    /// sleep the checks do not count as the operator's.
    public func sleep(until tick: Int) async throws {
        try await factory.executor.sleep(until: tick, harness: true)
    }

    /// A new iteration-logged instance of inner source `value % inners.count` (for operators of
    /// sequences of sequences: an outer element `k` stands for inner `k`). Inner sources restart
    /// for every instance.
    public func inner(_ value: Int) -> Source { makeInner(value) }
}

/// The operator's output, type-erased to the descriptions of its elements. The harness lets go
/// of the sequence once its last consumer has made its iterator, so that only the iterators keep
/// the operator alive (an operator may tie its work to the sequence's lifetime, as `share` does).
public struct AsyncOutput {
    let make: () -> () async throws -> String?
    let release: () -> Void

    /// Iterates `sequence`, describing each element with `describe`.
    public init<Sequence: AsyncSequence>(_ sequence: Sequence, describe: @escaping (Sequence.Element) -> String) {
        let held = Held(sequence)
        make = {
            guard let sequence = held.value else { preconditionFailure("an output is iterated only until it is released") }
            var iterator = sequence.makeAsyncIterator()
            return { try await iterator.next().map(describe) }
        }
        release = { held.value = nil }
    }

    /// Iterates `sequence`, describing each element without spaces (`(1,2)`, `[3,4]`).
    public init<Sequence: AsyncSequence>(_ sequence: Sequence) {
        self.init(sequence, describe: AsyncOutput.describe)
    }

    // The catalog's element types, described without the runtime's reflection (a tuple's
    // `String(describing:)` walks its metadata: a tenth of a case's time).

    /// Integers: `5`.
    public init<Sequence: AsyncSequence>(_ sequence: Sequence) where Sequence.Element == Int {
        self.init(sequence, describe: { String($0) })
    }

    /// Pairs: `(1,2)`.
    public init<Sequence: AsyncSequence>(_ sequence: Sequence) where Sequence.Element == (Int, Int) {
        self.init(sequence, describe: { "(" + String($0.0) + "," + String($0.1) + ")" })
    }

    /// Triples: `(1,2,3)`.
    public init<Sequence: AsyncSequence>(_ sequence: Sequence) where Sequence.Element == (Int, Int, Int) {
        self.init(sequence, describe: { "(" + String($0.0) + "," + String($0.1) + "," + String($0.2) + ")" })
    }

    /// Arrays: `[1,2]`.
    public init<Sequence: AsyncSequence>(_ sequence: Sequence) where Sequence.Element == [Int] {
        self.init(sequence, describe: { "[" + $0.map(String.init).joined(separator: ",") + "]" })
    }

    /// An element as the outcome records it.
    public static func describe(_ element: Any) -> String {
        String(describing: element).filter { $0 != " " }
    }
}

/// A value shared by reference (the run's one thread needs no lock), until it is let go (nil).
final class Held<Value>: @unchecked Sendable {
    var value: Value?
    init(_ value: Value) { self.value = value }
}

/// Builds the operator under test from a run's context.
public typealias AsyncBuild = (AsyncContext) -> AsyncOutput

/// Everything one run recorded.
public struct AsyncRun {
    /// Output elements (by description) with their ticks, then the end: `completed` when
    /// `next()` returned nil, an error when it threw. Sources' logs are their iterations.
    public var outcome: Outcome<String>
    /// Each source's iterations.
    public var sourceIterations: [[Iteration]]
    /// Each inner source's iterations (every instance of it, in the order they were made).
    public var innerIterations: [[Iteration]]
    /// The tick the consumer's task was cancelled, if it was (the scenario's `disposed`, when
    /// the output had not ended before).
    public var cancelledAt: Int?
    /// What `next()` gave when asked again after the end (it must be nil every time): element
    /// descriptions, or `throw`/`waits` for a call that threw or never returned.
    public var afterEnd: [String]
    /// Whether the consumer's task was still running when the run ended.
    public var consumerAlive: Bool
    /// Whether, when the cancel came, the consumer was waiting in `next()` with no job ready and
    /// no timer left: nothing but the cancel could ever have woken it.
    public var isHang: Bool
    /// Ticks of clock sleeps of the code under test still pending when the run ended.
    public var pendingSleeps: [Int]
    /// Decisions the schedule made among ready jobs.
    public var decisions: [SeededExecutor.Decision]
    /// Jobs run.
    public var jobs: Int
    /// True when the run used up its job budget.
    public var isRunaway: Bool
    /// Times code of the run ran off the seeded executor (see `SeededExecutor.escapes`).
    public var escapes = 0
    /// For each further consumer (`Scenario.extraSubscribers`), the tick it was cancelled, if it was.
    public var extraCancelledAt: [Int?] = []
    /// How many further consumers' tasks were still running when the run ended.
    public var extrasAlive = 0

    /// What each further consumer observed (their sources' starts are the main run's).
    public var extraObserved: [Observed] {
        zip(outcome.extraEvents, extraCancelledAt).map { events, cancelledAt in
            AsyncRun.observed(events, cancelledAt: cancelledAt, sourceStarts: sourceIterations.map { $0.first?.made })
        }
    }

    /// When the output ended (its terminal's tick), if it did.
    public var endTick: Int? { outcome.events.last.flatMap { $0.value.isStopEvent ? $0.time : nil } }

    /// The schedule in words, for reports.
    public var scheduleLine: String {
        decisions.isEmpty ? "schedule: no decision (never two jobs ready at once)"
            : "schedule: " + decisions.prefix(40).map(\.description).joined(separator: ", ")
                + (decisions.count > 40 ? ", … (\(decisions.count) decisions)" : "")
    }

    /// The run as the models read it: plain values only.
    public var observed: Observed {
        var main = AsyncRun.observed(outcome.events, cancelledAt: cancelledAt, sourceStarts: sourceIterations.map { $0.first?.made })
        main.others = extraObserved
        return main
    }

    static func observed(_ events: [Recorded<Event<String>>], cancelledAt: Int?, sourceStarts: [Int?]) -> Observed {
        var elements: [Emitted] = []
        var end: (tick: Int, how: End)?
        for event in events {
            switch event.value {
            case .next(let value): elements.append(Emitted(event.time, value))
            case .completed: end = (event.time, .finished)
            case .error(let error): end = (event.time, AsyncRun.end(of: error))
            }
        }
        return Observed(elements: elements, end: end, cancelledAt: cancelledAt, sourceStarts: sourceStarts)
    }

    /// An error as the models name it.
    static func end(of error: Error) -> End {
        if let test = error as? TestError { return .threw(test.id) }
        if error is CancellationError { return .cancellation }
        return .other(String(describing: error))
    }

    /// What was still alive when the run ended, in words (empty: nothing).
    public var leftovers: [String] {
        var lines: [String] = []
        if consumerAlive { lines.append("the consumer's task had not returned") }
        if extrasAlive > 0 { lines.append("\(extrasAlive) further consumer task\(extrasAlive == 1 ? "" : "s") had not returned") }
        for (name, iterations) in namedIterations {
            for iteration in iterations where iteration.end == nil {
                lines.append("\(name) iteration \(iteration) never ended")
            }
        }
        if !pendingSleeps.isEmpty {
            lines.append("clock sleeps still pending until " + pendingSleeps.map { "t\($0)" }.joined(separator: ", "))
        }
        return lines
    }

    /// Every source's and inner source's iterations, named as the marbles name them.
    public var namedIterations: [(SourceName, [Iteration])] {
        sourceIterations.enumerated().map { (SourceName.source($0.offset), $0.element) }
            + innerIterations.enumerated().map { (SourceName.inner($0.offset), $0.element) }
    }
}

/// Runs async operators over scenarios.
public enum AsyncHarness {
    /// How many further times the consumer calls `next()` after the end.
    public static let probesAfterEnd = 2

    /// Runs `build` over `scenario`: sources from tick 0, the operator built at `created`, the
    /// consumer's task started at `subscribed` and cancelled at `disposed` unless the output
    /// ended before. `operatorParameters` says where the consumer script starts in the
    /// scenario's parameters.
    public static func run(_ scenario: Scenario, operatorParameters: Int, jobBudget: Int = 200_000,
                           _ build: @escaping AsyncBuild) -> AsyncRun {
        let script = ConsumerScript(scenario.parameters, operatorParameters: operatorParameters)
        let executor = SeededExecutor(start: 0, picks: script.picks, jobBudget: jobBudget)
        return executor.activate {
            let factory = SourceFactory(executor)
            let clock = VirtualClock(executor)
            let sourceLogs = scenario.sources.map { _ in IterationLog(executor) }
            let innerLogs = scenario.inners.map { _ in IterationLog(executor) }
            let sources = zip(scenario.sources, sourceLogs).map { factory.make($0, log: $1) }
            let context = AsyncContext(
                sources: sources, clock: clock, parameters: Array(scenario.parameters.prefix(operatorParameters)),
                timelines: scenario.sources, makeInner: { value in
                    let index = ((value % max(scenario.inners.count, 1)) + max(scenario.inners.count, 1)) % max(scenario.inners.count, 1)
                    return factory.make(scenario.inners[index], log: innerLogs[index])
                }, factory: factory)
            let consumer = Consumer(executor: executor, pace: script.pace, clock: clock)
            // Further consumers of the same output (`extraSubscribers`), each iterating in its
            // own window; the output is let go once the last of them has started.
            let extras = scenario.extraSubscribers.map { _ in Consumer(executor: executor, pace: script.pace, clock: clock) }
            var output: AsyncOutput?
            var starts = 1 + extras.count
            func start(_ starting: Consumer) {
                guard let made = output else { return }
                starting.start(made)
                starts -= 1
                if starts == 0 {
                    made.release()
                    output = nil
                }
            }
            executor.at(scenario.created) { output = build(context) }
            executor.at(scenario.subscribed) { start(consumer) }
            for (window, extra) in zip(scenario.extraSubscribers, extras) {
                executor.at(max(window.subscribe, scenario.created)) { start(extra) }
                executor.at(window.unsubscribe) {
                    guard extra.task != nil, !extra.ended else { return }
                    extra.cancelledAt = executor.now
                    extra.task?.cancel()
                }
            }
            var hang = false
            executor.at(scenario.disposed) {
                guard consumer.task != nil, !consumer.ended else { return }
                // Nothing ready, nothing scheduled, the consumer waiting: only the cancel can end it.
                hang = consumer.waiting && !executor.hasReadyJobs && executor.nextTimerTick == nil
                consumer.cancelledAt = executor.now
                consumer.task?.cancel()
            }
            executor.run(through: max(scenario.disposed, scenario.extraSubscribers.map(\.unsubscribe).filter { $0 < .max }.max() ?? 0))
            var run = AsyncRun(
                outcome: Outcome(events: consumer.events, sourceLogs: sourceLogs.map { $0.iterations.map(\.subscription) },
                                 innerLogs: innerLogs.map { $0.iterations.map(\.subscription) }),
                sourceIterations: sourceLogs.map(\.iterations), innerIterations: innerLogs.map(\.iterations),
                cancelledAt: consumer.cancelledAt, afterEnd: consumer.afterEnd + (consumer.probing ? ["waits"] : []),
                consumerAlive: !consumer.returned, isHang: hang, pendingSleeps: executor.pendingSleeps,
                decisions: executor.decisions, jobs: executor.jobsRun, isRunaway: executor.isRunaway,
                escapes: executor.escapes)
            run.outcome.extraEvents = extras.map(\.events)
            run.extraCancelledAt = extras.map(\.cancelledAt)
            run.afterEnd += extras.flatMap { $0.afterEnd + ($0.probing ? ["waits"] : []) }
            run.extrasAlive = extras.filter { !$0.returned }.count
            consumer.task?.cancel()
            for extra in extras { extra.task?.cancel() }
            factory.tearDown()
            executor.tearDown()
            return run
        }
    }
}

/// The consuming task and what it saw.
final class Consumer: @unchecked Sendable {
    let executor: SeededExecutor
    let pace: Int
    let clock: VirtualClock
    var task: Task<Void, Never>?
    var events: [Recorded<Event<String>>] = []
    var afterEnd: [String] = []
    var waiting = false
    var ended = false
    var probing = false
    var returned = false
    var cancelledAt: Int?

    init(executor: SeededExecutor, pace: Int, clock: VirtualClock) {
        self.executor = executor
        self.pace = pace
        self.clock = clock
    }

    func start(_ output: AsyncOutput) {
        // The iterator is made now, at the consumer's tick, before the harness may let go of
        // the sequence; the task asks it for elements.
        let next = output.make()
        task = Task { [self] in
            do {
                while true {
                    waiting = true
                    let element = try await next()
                    waiting = false
                    guard let element else { break }
                    events.append(Recorded(time: executor.now, value: .next(element)))
                    if pace > 0 { try? await clock.sleep(until: .init(tick: executor.now + pace)) }
                }
                events.append(Recorded(time: executor.now, value: .completed))
            } catch {
                waiting = false
                events.append(Recorded(time: executor.now, value: .error(error)))
            }
            ended = true
            probing = true
            for _ in 0..<AsyncHarness.probesAfterEnd {
                do {
                    if let element = try await next() { afterEnd.append(element) }
                } catch {
                    afterEnd.append("throw \(error)")
                }
            }
            probing = false
            returned = true
        }
    }
}
