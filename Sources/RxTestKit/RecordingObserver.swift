// What a run records: the ordered step log, the main observer that is that log, and the
// prediction both follow while the run agrees with its model. Apart so the recording rules
// (what is stored, what is only compared) read in one place.

import Foundation
import RxCore

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
    /// True when the run logs releases too (`RunStep.release`): a model predicting them asked.
    @exclusivity(unchecked) final var logsReleases = false

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

/// The release a subscription ended by its source's terminal logs when the operator first
/// disposes it, for a run that logs releases: a disposable of its own for a subscription that
/// ended inside its subscribe call, and the part of one that can still be disposed otherwise.
final class PendingRelease: Disposable {
    private var step: (log: StepLog, name: SourceName)?

    /// Nil when the run does not log releases.
    init?(log: StepLog?, name: SourceName) {
        guard let log, log.logsReleases else { return nil }
        step = (log, name)
    }

    func dispose() {
        guard let step else { return }
        self.step = nil
        step.log.log(.release(step.name))
    }
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

final class RecordingObserver<Element: Equatable>: StepLog, ObserverType {
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
        logsReleases = false
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
                if reportsReceived { harness.received(count, isElement: !isStop, by: self) }
            }
        }
    }
}
