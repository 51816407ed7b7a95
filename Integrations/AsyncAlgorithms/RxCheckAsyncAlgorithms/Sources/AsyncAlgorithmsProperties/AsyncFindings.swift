import AsyncAlgorithmsModels
import RxCheckAsync
import RxTestKit

/// A bug of swift-async-algorithms 1.1.4 that RxCheck found or confirmed, written up in
/// `Integrations/AsyncAlgorithms/FINDINGS.md`. A finding is recognised by what it does, never
/// by the property it fails: `excuse` takes exactly its own symptom out of a run — and nothing
/// else — so every check goes on judging the rest of that run, and a second bug in the same
/// operator still fails.
public struct AsyncFinding {
    /// `A1`…, as FINDINGS.md numbers them.
    public let id: String
    /// The catalog entry it concerns.
    public let spec: String
    /// One line.
    public let title: String
    /// The run without this finding's symptom, or nil when the run does not show it.
    public let excuse: (Scenario, AsyncRun) -> AsyncRun?
}

extension AsyncCatalog {
    /// Every finding, in FINDINGS.md's order.
    public static let findings: [AsyncFinding] = [
        AsyncFinding(id: "A1", spec: "flatMapLatest", title: "cancelling the consumer leaves the base and the current inner sequence iterated",
                     excuse: { _, run in excusingLeftIteration(of: 0, in: run, waiting: true, currentInner: true) }),
        AsyncFinding(id: "A2", spec: "flatMapLatest", title: "an error of the base that arrives as the inner emits is lost: the output finishes",
                     excuse: { scenario, run in excusingLostError(scenario, run) }),
        AsyncFinding(id: "A4", spec: "share", title: "after the base fails, every later next() throws the error again",
                     excuse: { _, run in excusingRethrows(run) }),
        AsyncFinding(id: "A5", spec: "share", title: "cancelled as an element arrives, the only side leaves the base iterated",
                     excuse: { _, run in excusingLeftIteration(of: 0, in: run, waiting: false) }),
        AsyncFinding(id: "A6", spec: "debounce", title: "cancelled between two calls of next(), it leaves its base iterated",
                     excuse: { _, run in excusingLeftIteration(of: 0, in: run, waiting: nil) }),
        AsyncFinding(id: "A7", spec: "debounce", title: "an error of the base at the tick the pending element falls due is lost: the output finishes",
                     excuse: { scenario, run in excusingLostError(scenario, run) }),
        AsyncFinding(id: "A8", spec: "channel", title: "after next() returned nil on cancellation, a later next() gets an element",
                     excuse: { _, run in excusingAfterCancel(run) }),
        AsyncFinding(id: "A8", spec: "throwingChannel", title: "after next() returned nil on cancellation, a later next() gets an element or the failure",
                     excuse: { _, run in excusingAfterCancel(run) }),
    ]

    /// Properties that fail on the defaults for a finding no rule can take out of a run without
    /// hiding everything after it (an operator that stops taking its base's elements), with the
    /// finding: `check` prints it under the failure.
    public static let knownFailures: [String: String] = [
        "flatMapLatest.matchesModel": "A3",
        "flatMapLatest.drains": "A3",
        "flatMapLatest.cancels": "A3",
    ]

    /// After the output ended or was cancelled, source `index`'s last iteration is still open
    /// (`waiting`: inside `next()`; false: between calls; nil: either) while every other iteration ended:
    /// end it at the cancel (or the output's end) as the operator should have.
    /// With `currentInner`, the inner iteration made last may be left open (waiting) too, and the
    /// base's may have ended.
    static func excusingLeftIteration(of index: Int, in run: AsyncRun, waiting: Bool?, currentInner: Bool = false) -> AsyncRun? {
        guard let when = run.cancelledAt ?? run.endTick, index < run.sourceIterations.count,
              run.pendingSleeps.isEmpty, !run.consumerAlive else { return nil }
        var excused = run
        var excusedAny = false
        if let last = run.sourceIterations[index].last, last.end == nil, waiting.map({ last.isWaiting == $0 }) ?? true {
            excused.sourceIterations[index][excused.sourceIterations[index].count - 1].end = (when, .cancelled)
            excused.sourceIterations[index][excused.sourceIterations[index].count - 1].isWaiting = false
            excusedAny = true
        }
        if currentInner {
            // The inner made last (the largest `made` tick; the later-listed on a tie), open and waiting.
            let all = excused.innerIterations.enumerated().flatMap { inner in inner.element.indices.map { (inner.offset, $0) } }
            if let (source, position) = all.max(by: { excused.innerIterations[$0.0][$0.1].made <= excused.innerIterations[$1.0][$1.1].made }),
               excused.innerIterations[source][position].end == nil, excused.innerIterations[source][position].isWaiting {
                excused.innerIterations[source][position].end = (when, .cancelled)
                excused.innerIterations[source][position].isWaiting = false
                excusedAny = true
            }
        }
        let all = excused.sourceIterations.flatMap { $0 } + excused.innerIterations.flatMap { $0 }
        return excusedAny && all.allSatisfy { $0.end != nil } ? excused : nil
    }

    /// The output finished at the very tick source 0's iteration threw its timeline's error,
    /// having emitted an element at that tick: the operator should have thrown that error.
    static func excusingLostError(_ scenario: Scenario, _ run: AsyncRun) -> AsyncRun? {
        let observed = run.observed
        guard let end = observed.end, end.how == .finished, observed.endedBeforeCancel,
              let thrown = run.sourceIterations.first?.last?.end, thrown.how == .threw, thrown.tick == end.tick,
              observed.elements.last?.tick == end.tick,
              case .error(let id)? = scenario.sources[0].events.last?.value else { return nil }
        var excused = run
        excused.outcome.events[excused.outcome.events.count - 1] = Recorded(time: end.tick, value: .error(TestError(id)))
        return excused
    }

    /// Every call after a consumer's output threw threw that same error again.
    static func excusingRethrows(_ run: AsyncRun) -> AsyncRun? {
        let observed = run.observed
        let thrown = Set(([observed] + observed.others).compactMap { consumer -> String? in
            guard case .threw(let id)? = consumer.end?.how else { return nil }
            return "throw \(TestError(id))"
        })
        guard !run.afterEnd.isEmpty, run.afterEnd.allSatisfy(thrown.contains) else { return nil }
        var excused = run
        excused.afterEnd = []
        return excused
    }

    /// The output ended at the cancel, and what later calls got (an element, the failure) was
    /// sent after it.
    static func excusingAfterCancel(_ run: AsyncRun) -> AsyncRun? {
        guard let cancel = run.cancelledAt, let end = run.observed.end, end.tick == cancel, end.how == .finished,
              !run.afterEnd.isEmpty, !run.afterEnd.contains("waits") else { return nil }
        var excused = run
        excused.afterEnd = []
        return excused
    }
}
