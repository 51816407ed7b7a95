import RxCore
import RxTestKit

// The one model loop (`ModelClock.drive`), and its two most common uses: a single source run
// through a step function, and a single source passed through with a transform.

extension ModelClock {
    /// The model driver: hands every arrival to `step` — with the clock and the output, to use
    /// as it must — until the output ends or the run does, and returns the outcome. When the
    /// output ends, `ending` releases what is still subscribed (by default, everything).
    @_specialize(where Element == Int)
    public mutating func drive<Element>(
        _ output: inout ModelOutput<Element>,
        ending: (inout ModelClock) -> Void = { $0.unsubscribeAll() },
        _ step: (Arrival, inout ModelClock, inout ModelOutput<Element>) -> Void
    ) -> Outcome<Element> {
        while !output.isTerminated, let arrival = next() {
            step(arrival, &self, &output)
            if output.isTerminated { ending(&self) }
        }
        return finish(output.events)
    }

    /// Mirrors what `timeline`, subscribed just now, delivers synchronously inside its subscribe
    /// call, up to the output's end: what an operator that replaces a source by another sees
    /// before the replacement's subscription is assigned and the old one let go (RxSwift's
    /// serial disposable: `catch`, `timeout(other:)`).
    public mutating func mirrorSynchronous(of timeline: TimelineID, into output: inout ModelOutput<Int>) {
        while !output.isTerminated, let early = nextSynchronous() {
            guard early.timeline == timeline else { continue }
            switch early.value {
            case .next(let value): output.emit(.next(value), at: early.tick)
            case .completed: output.emit(.completed, at: early.tick)
            case .error(let id): output.emit(.error(TestError.boxed(id)), at: early.tick)
            }
        }
    }
}

extension ModelOutput {
    /// Emits the arrival's terminal at its tick, whatever the output's element type; an
    /// element is not forwarded.
    public mutating func forwardTerminal(_ arrival: Arrival) {
        switch arrival.value {
        case .error(let id): emit(.error(TestError.boxed(id)), at: arrival.tick)
        case .completed: emit(.completed, at: arrival.tick)
        case .next: break
        }
    }
}

/// Runs a single-source model: subscribes sources[0] at S and hands every arrival to `step`,
/// which emits through `output`. Shared by the models of operators that read one source, in
/// RxModels and in every integration's models.
public enum SingleSource {
    /// The outcome of a model that reads source 0 alone: `step` sees each arrival in delivery
    /// order and emits what the operator would; the clock closes the logs at the end.
    public static func run<Element>(_ scenario: Scenario,
                             step: (Arrival, inout ModelOutput<Element>) -> Void) -> Outcome<Element> {
        var clock = ModelClock(scenario)
        var output = clock.output(Element.self)
        clock.subscribe(.source(0))
        return clock.drive(&output) { arrival, _, output in step(arrival, &output) }
    }
}

/// Passes the remaining arrivals of a single source through, mapping elements; shared by the
/// models of operators that pass events through.
enum PassThrough {
    /// A throwing `transform` ends the output with the thrown error at that tick (SEMANTICS 1.1).
    static func run<R>(_ clock: inout ModelClock, _ output: inout ModelOutput<R>,
                       transform: (Int) throws -> R?) -> Outcome<R> {
        clock.drive(&output) { arrival, _, output in
            switch arrival.value {
            case .next(let value):
                do {
                    if let mapped = try transform(value) {
                        output.emit(.next(mapped), at: arrival.tick)
                    }
                } catch {
                    output.emit(.error(error), at: arrival.tick)
                }
            case .error, .completed: output.forwardTerminal(arrival)
            }
        }
    }
}
