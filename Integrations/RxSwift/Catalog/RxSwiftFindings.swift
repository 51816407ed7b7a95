// RxSwift's known bugs (FINDINGS.md), tolerated precisely: each finding's rule picks out the
// cases where the bug shows, and there the catalog expects exactly what the bug makes of the
// model's prediction (or of the run) — so any other difference in those cases still fails, and
// every other case is judged as before.

import RxCheck
import RxCheckProperties
import RxTestKit

/// One of RxSwift's bugs that FINDINGS.md describes, as a rule the catalog can apply.
public struct RxSwiftFinding: Sendable {
    /// Its number in FINDINGS.md (`F1`).
    public let id: String
    /// The catalog spec whose properties it affects.
    public let spec: String
    /// What it breaks, in one line.
    public let summary: String
    /// The model's prediction as the bug turns it, where the rule applies; else the prediction.
    public let expecting: @Sendable (Scenario, Outcome<Int>) -> Outcome<Int>
    /// The run with what the bug adds taken out, where the rule explains all of it; else the run.
    public let explaining: @Sendable (Scenario, ScenarioRun<Int>) -> ScenarioRun<Int>

    init(_ id: String, spec: String, _ summary: String,
         expecting: @escaping @Sendable (Scenario, Outcome<Int>) -> Outcome<Int> = { $1 },
         explaining: @escaping @Sendable (Scenario, ScenarioRun<Int>) -> ScenarioRun<Int> = { $1 }) {
        (self.id, self.spec, self.summary, self.expecting, self.explaining) = (id, spec, summary, expecting, explaining)
    }
}

extension RxSwiftCatalog {
    /// RxSwift 6.10.2's findings, in FINDINGS.md's order.
    public static let findings: [RxSwiftFinding] = [
        RxSwiftFinding("F1", spec: "amb", "a loser that terminates inside its subscribe call disposes the winner",
                       expecting: ambLoserDisposesWinner),
        RxSwiftFinding("F2", spec: "timeout(other:)", "the fallback's events reach an observer that disposed",
                       explaining: timeoutFallbackDeliversAfterDispose),
        RxSwiftFinding("F3", spec: "first", "an element fed back while first() delivers its element is forwarded too",
                       expecting: firstForwardsFedBackElement),
    ]

    /// `spec` judged with its findings tolerated, each by its own rule.
    static func tolerating(_ findings: [RxSwiftFinding], in spec: OperatorSpec,
                           runner: @escaping ScenarioRunner<Int>) -> OperatorSpec {
        let mine = findings.filter { $0.spec == spec.name }
        guard !mine.isEmpty else { return spec.running(through: runner) }
        return spec
            .expecting { scenario, predicted in mine.reduce(predicted) { $1.expecting(scenario, $0) } }
            .running { scenario in mine.reduce(runner(scenario)) { $1.explaining(scenario, $0) } }
    }
}

// MARK: - The rules

/// What a source delivers inside its subscribe call at the scenario's subscribe tick: a
/// synchronous source everything, a behavior source its latest event up to that tick, others
/// nothing.
private func deliveredInsideSubscribe(_ source: SourceTimeline, at tick: Int) -> [TimelineValue] {
    switch source.flavor {
    case .synchronous: return source.events.map(\.value)
    case .behavior: return source.events.last(where: { $0.tick <= tick }).map { [$0.value] } ?? []
    case .hot, .cold: return []
    }
}

/// F1. `amb`'s winner is the first source to deliver inside its subscribe call; when that
/// delivery does not end the output and a later source delivers a terminal inside its own call,
/// RxSwift disposes the winner there (`AmbSink.run` gives the right-hand observer the left-hand
/// subscription as its `cancel`). Expected then: only what arrived inside the subscribe call,
/// the winner's log ending at the subscribe tick, and in the step order the winner's dispose
/// right after that loser's subscribe, followed only by the later sources' own steps.
@Sendable func ambLoserDisposesWinner(_ scenario: Scenario, _ predicted: Outcome<Int>) -> Outcome<Int> {
    let start = scenario.subscribed
    let deliveries = scenario.sources.map { deliveredInsideSubscribe($0, at: start) }
    guard let winner = deliveries.firstIndex(where: { !$0.isEmpty }),
          !deliveries[winner].contains(where: \.isTerminal),
          let loser = deliveries.indices.first(where: { $0 > winner && deliveries[$0].contains(where: \.isTerminal) })
    else { return predicted }
    var outcome = predicted
    outcome.events = predicted.events.filter { $0.time == start }
    if let entry = outcome.sourceLogs[winner].firstIndex(where: { $0.subscribe == start }) {
        outcome.sourceLogs[winner][entry] = Subscription(start, start)
    }
    if let steps = predicted.steps, let cut = steps.firstIndex(of: .subscribe(.source(loser))) {
        let later = steps[(cut + 1)...].filter { step in
            switch step {
            case .subscribe(let name), .dispose(let name), .release(let name): return !name.isInner && name.index > loser
            case .emit: return false
            }
        }
        let disposesWinner = scenario.sources[winner].flavor == .synchronous ? [] : [RunStep.dispose(.source(winner))]
        outcome.steps = Array(steps[...cut]) + disposesWinner + later
    }
    return outcome
}

/// F2. An observer that disposes while `timeout(other:)`'s synchronous fallback (source 1)
/// delivers inside its subscribe call still receives the rest of that delivery (the fallback is
/// subscribed through `SinkForward`, past the sink's disposed check). Explained when the events
/// after the dispose are exactly the fallback's events after the element the observer disposed
/// on, at that element's tick.
@Sendable func timeoutFallbackDeliversAfterDispose(_ scenario: Scenario, _ run: ScenarioRun<Int>) -> ScenarioRun<Int> {
    guard scenario.disposeInsideAfter != nil, !run.eventsAfterDispose.isEmpty, scenario.sources.count > 1,
          scenario.sources[1].flavor == .synchronous, let last = run.outcome.events.last,
          case .next(let element) = last.value
    else { return run }
    let fallback = scenario.sources[1].events.map(\.value)
    let leaked = run.eventsAfterDispose
    guard leaked.count < fallback.count, leaked.allSatisfy({ $0.time == last.time }),
          fallback[fallback.count - leaked.count - 1] == .next(element),
          zip(fallback.suffix(leaked.count), leaked).allSatisfy({ $0.event == $1.value })
    else { return run }
    var explained = run
    explained.eventsAfterDispose = []
    return explained
}

/// F3. An element fed back into `first()`'s source while it delivers the source's first element
/// (feedback into source 0 after the first event) is forwarded too, before `completed`
/// (`FirstSink` forwards the element before it counts as stopped). Expected then: that element
/// between the first element and the completion, and its emit step after the first's. Not when
/// the source completed empty: the catalog's build emits -1 for that, with the source already
/// ended and nothing to feed back into (a source element of -1 is therefore not covered, and
/// fails as before).
@Sendable func firstForwardsFedBackElement(_ scenario: Scenario, _ predicted: Outcome<Int>) -> Outcome<Int> {
    guard let feedback = scenario.feedback, feedback.after == 1, feedback.source == 0, feedback.inner == nil,
          predicted.events.count == 2, case .next(let element) = predicted.events[0].value, element != -1,
          predicted.events[1].value.isCompleted, predicted.events[1].time == predicted.events[0].time
    else { return predicted }
    var outcome = predicted
    outcome.events.insert(Recorded(time: predicted.events[0].time, value: .next(feedback.value)), at: 1)
    if let steps = predicted.steps, let first = steps.firstIndex(of: .emit(0)) {
        outcome.steps = steps.enumerated().flatMap { index, step -> [RunStep] in
            if index == first { return [.emit(0), .emit(1)] }
            if case .emit(let number) = step, number > 0 { return [.emit(number + 1)] }
            return [step]
        }
    }
    return outcome
}
