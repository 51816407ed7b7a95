import RxCheck
import RxCheckOpenCombine
import RxTestKit

// OpenCombine's known bugs (FINDINGS.md), tolerated precisely: each finding's rule recognises the
// bug by what it does in a run and takes out exactly that symptom; every check then judges the
// rest, so a second bug in the same operator still fails, in the same case and in every other.

extension OpenCombineCatalog {
    /// OpenCombine 0.14.0's findings, in FINDINGS.md's order.
    public static let findings: [CombineFinding] = [
        finding("F1", ["prefix"], "prefix(n) finishes only when element n + 1 arrives", prefixFinishesLate),
        finding("F2", ["receive.on", "delay", "debounce"], "cancel() is ignored once the upstream has completed",
                cancelIgnoredAfterUpstreamEnd),
        finding("F3", ["timeout"], "timeout never stops its repeating timer after timing out", timerLeftAfterTimingOut),
        finding("F4", ["flatMap", "flatMap.maxPublishers"], "flatMap publishes an element it held after it has failed",
                elementAfterFailure),
        finding("F5", ["drop.untilOutputFrom"],
                "drop(untilOutputFrom:) leaves the other publisher subscribed after the upstream completes", otherLeftSubscribed),
        finding("F6", ["zip"], "zip completes before handing over its subscription when an upstream completes at once",
                completesBeforeSubscription),
        finding("F7", ["replaceError"], "replaceError re-sends its replacement and .finished at every later request",
                replacementResent),
        finding("F8", ["replaceEmpty"], "replaceEmpty re-sends its replacement and .finished at every later request",
                replacementResent),
        finding("F9", ["zip"], "zip ignores the demand its subscriber returns from receive(_:)", returnedDemandIgnored),
    ].flatMap { $0 }

    /// One finding, for each catalog entry it concerns.
    private static func finding(_ id: String, _ specs: [String], _ title: String,
                                _ excuse: @escaping @Sendable (Scenario, CombineRun) -> CombineRun?) -> [CombineFinding] {
        specs.map { CombineFinding(id, spec: $0, title, excuse: excuse) }
    }

    /// The line `check` prints under a property whose cases showed findings.
    public static func findingsSeen(_ property: String) -> [String] {
        FindingTally.seen(property).map { seen in
            let title = findings.first { $0.id == seen.finding }?.title ?? ""
            return "known: OpenCombine finding \(seen.finding) \(title) (Integrations/OpenCombine/FINDINGS.md): "
                + "tolerated by its rule in \(seen.cases) case\(seen.cases == 1 ? "" : "s")"
        }
    }
}

// MARK: - The rules

/// The run without the breaches `symptom` picks out; nil when it has none.
private func excusing(_ made: CombineRun, _ symptom: (ContractLog.Violation) -> Bool) -> CombineRun? {
    guard made.violations.contains(where: symptom) else { return nil }
    var excused = made
    excused.violations.removeAll(where: symptom)
    return excused
}

/// A subscription log with the entry live at `tick` (subscribed by then, ending later) ended there.
private func ending(_ log: [Subscription], at tick: Int) -> [Subscription]? {
    guard let index = log.lastIndex(where: { $0.subscribe <= tick && $0.unsubscribe > tick }) else { return nil }
    var ended = log
    ended[index] = Subscription(log[index].subscribe, tick)
    return ended
}

/// F1. `prefix(n)` published its n-th element at t and did not finish there: it finished later
/// (when element n + 1 came), passed on the upstream's terminal, or did not end at all, keeping
/// the upstream subscribed past t. Taken out:
/// the output finishes at t and the upstream's subscription ends there.
private func prefixFinishesLate(_ scenario: Scenario, _ made: CombineRun) -> CombineRun? {
    let count = OpenCombineCatalog.parameter(scenario, 0)
    let events = made.run.outcome.events
    let elements = events.indices.filter { events[$0].value.element != nil }
    guard elements.count == count, let last = elements.last else { return nil }
    let tick = events[last].time
    // The observer leaves inside that element's delivery, or the output finished or was cancelled
    // in its action: the output ended there, as it should.
    guard scenario.disposeInsideAfter != count else { return nil }
    let step = made.log.elementSteps[count - 1]
    guard made.log.completion.map({ $0.at.step != step || $0.failed }) ?? true, made.log.cancelled.map({ $0.step > step }) ?? true
    else { return nil }
    let after = events[(last + 1)...]
    // Finished (or failed) later, by the upstream's next element or terminal; or not at all.
    if let end = after.first {
        guard after.count == 1, end.value.isStopEvent else { return nil }
    }
    var excused = made
    excused.run.outcome.events = Array(events[...last]) + [Recorded(time: tick, value: .completed)]
    // A synchronous source keeps no log.
    if let log = ending(made.run.outcome.sourceLogs[0], at: tick) { excused.run.outcome.sourceLogs[0] = log }
    return excused
}

/// F2. The upstream's completion reached the operator before the subscriber cancelled, and what
/// the operator had scheduled (elements, the completion) still arrived in a later action.
/// Taken out: those breaches of `afterCancel`.
private func cancelIgnoredAfterUpstreamEnd(_ scenario: Scenario, _ made: CombineRun) -> CombineRun? {
    guard let cancel = made.log.cancelled, let ended = made.log.sourceEnded("s0"), ended.step <= cancel.step else { return nil }
    let symptom = { (violation: ContractLog.Violation) in violation.rule == .afterCancel && violation.step > cancel.step }
    return excusing(made, symptom)
}

/// F3. The output ended by timing out — the upstream had not completed — and the operator's
/// repeating timer ran after that. Taken out: those runs of the timer.
private func timerLeftAfterTimingOut(_ scenario: Scenario, _ made: CombineRun) -> CombineRun? {
    guard !made.run.timersAfterEnd.isEmpty, let completion = made.log.completion,
          made.log.sourceEnded("s0").map({ $0.step > completion.at.step }) ?? true else { return nil }
    var excused = made
    excused.run.timersAfterEnd = []
    return excused
}

/// F4. The output failed, and in the same action an element followed the failure. Taken out:
/// those elements.
private func elementAfterFailure(_ scenario: Scenario, _ made: CombineRun) -> CombineRun? {
    guard let completion = made.log.completion, completion.failed else { return nil }
    let symptom = { (violation: ContractLog.Violation) -> Bool in
        guard violation.rule == .afterCompletion, case .element = violation.signal else { return false }
        return violation.step == completion.at.step
    }
    return excusing(made, symptom)
}

/// F5. The upstream's completion ended the output before the other publisher sent an element,
/// and the other's subscription outlived it. Taken out: that subscription ends with the output.
private func otherLeftSubscribed(_ scenario: Scenario, _ made: CombineRun) -> CombineRun? {
    guard let completion = made.log.completion, let ended = made.log.sourceEnded("s0"), ended.step == completion.at.step,
          made.log.sourceFirstElement("s1").map({ $0.step > completion.at.step }) ?? true,
          made.run.outcome.sourceLogs.count > 1, let log = ending(made.run.outcome.sourceLogs[1], at: completion.at.tick)
    else { return nil }
    var excused = made
    excused.run.outcome.sourceLogs[1] = log
    return excused
}

/// F6. The output's completion came before `receive(subscription:)`. Taken out: that breach, the
/// subscription that followed the completion, every later completion, and the upstream
/// subscriptions that outlived the completion (they end with it).
private func completesBeforeSubscription(_ scenario: Scenario, _ made: CombineRun) -> CombineRun? {
    let isCompletion = { (signal: ContractLog.Signal) in signal == .finished || signal == .failure }
    guard let first = made.violations.first, first.rule == .subscriptionFirst, isCompletion(first.signal),
          let completion = made.log.completion else { return nil }
    var excused = made
    excused.violations.removeAll { violation in
        (violation.rule == .subscriptionFirst && (isCompletion(violation.signal) || violation.signal == .subscription))
            || (violation.rule == .afterCompletion && isCompletion(violation.signal))
    }
    excused.run.outcome.sourceLogs = made.run.outcome.sourceLogs.map { ending($0, at: completion.at.tick) ?? $0 }
    return excused
}

/// F7, F8. After the output finished, a request of the subscriber's got the replacement (9) and
/// `.finished` again. Taken out: what came inside those requests.
private func replacementResent(_ scenario: Scenario, _ made: CombineRun) -> CombineRun? {
    let symptom = { (violation: ContractLog.Violation) in
        violation.rule == .afterCompletion && violation.inLateRequest && (violation.signal == .element(9) || violation.signal == .finished)
    }
    return excusing(made, symptom)
}

/// F9. The output stalled while the subscriber still asked for elements, and every element it
/// asked for in a `request` call came: what is missing is only what it asked for by returning
/// demand from `receive(_:)`. Taken out: the stall.
private func returnedDemandIgnored(_ scenario: Scenario, _ made: CombineRun) -> CombineRun? {
    guard let asked = made.log.requestedExplicitly, made.log.elementSteps.count >= asked else { return nil }
    return excusing(made) { $0.rule == .stall }
}
