// A model's output and the main observer's script it plays: what the model emits, stamped with
// the clock's tick, and the dispose-inside and feedback the scenario scripts for the observer.

import RxCore
import RxTestKit

/// The main observer's script as a model sees it (`Scenario.disposeInsideAfter`,
/// `Scenario.feedback`): set by the output as events are emitted, carried out by the clock.
///
/// Its state is read and written one short access at a time, so its exclusivity is not checked
/// at run time (the checks were most of the cost of emitting an event).
final class ObserverScript {
    let disposeAfter: Int?
    let feedback: Scenario.Feedback?
    @exclusivity(unchecked) var received = 0
    /// The observer has disposed; the clock stops at the end of the current action.
    @exclusivity(unchecked) var disposeRequested = false
    /// The clock has stopped: the subscription is over.
    @exclusivity(unchecked) var isStopped = false
    /// A value is to be fed back before the next arrival.
    @exclusivity(unchecked) var feedbackDue = false
    /// The predicted operations: the clock's subscribes and disposes, the output's events.
    @exclusivity(unchecked) var steps: [RunStep] = []

    init(disposeAfter: Int?, feedback: Scenario.Feedback?) {
        self.disposeAfter = disposeAfter
        self.feedback = feedback
    }

    /// The observer receives the output's event number `index` (a terminal when `terminal`):
    /// false when it has disposed and the event is dropped.
    func play(emitting terminal: Bool, index: Int) -> Bool {
        if disposeRequested { return false }
        steps.append(.emit(index))
        received += 1
        guard !terminal else { return true }
        if received == feedback?.after { feedbackDue = true }
        if received == disposeAfter { disposeRequested = true }
        return true
    }
}

/// Collects a model's output, stamping each event with the clock's tick and refusing anything
/// after a terminal event. Made by `ModelClock.output`, it plays the main observer's script.
public struct ModelOutput<Element> {
    /// The predicted output so far.
    public private(set) var events: [Recorded<Event<Element>>] = []
    /// Held for as long as the output lives; called through `unretainedScript`, since binding
    /// the optional to a name is a retain and a release at every event.
    private let script: ObserverScript?
    private let unretainedScript: Unmanaged<ObserverScript>?
    /// A terminal was emitted (recorded, or dropped because the observer had disposed).
    private var hasTerminal = false

    /// An output with no observer script (every event is recorded until a terminal).
    public init() {
        script = nil
        unretainedScript = nil
    }

    /// Room for an output of a scenario of `events` events (`outputReserved`).
    init(script: ObserverScript, expecting events: Int) {
        self.script = script
        unretainedScript = .passUnretained(script)
        self.events.reserveCapacity(outputReserved(forEvents: events, of: Element.self))
    }

    /// True once a terminal event was emitted, or once the observer's dispose took effect.
    public var isTerminated: Bool { hasTerminal || (unretainedScript?._withUnsafeGuaranteedRef { $0.isStopped } ?? false) }

    /// Emits `event` at `tick`. After the observer disposed, the event is dropped — the operator
    /// may still deliver inside the subscribe call, but nobody records it — though a terminal
    /// still ends the operator.
    public mutating func emit(_ event: Event<Element>, at tick: Int) {
        precondition(!isTerminated, "a model emitted after its terminal event")
        if event.isStopEvent { hasTerminal = true }
        guard let unretainedScript else { return events.append(Recorded(time: tick, value: event)) }
        let recorded = unretainedScript._withUnsafeGuaranteedRef { script in
            script.play(emitting: event.isStopEvent, index: events.count)
        }
        if recorded { events.append(Recorded(time: tick, value: event)) }
    }
}
