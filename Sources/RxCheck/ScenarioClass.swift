import RxTestKit

/// Case statistics for scenarios: the classes a run reports shares of, and that properties
/// can require a minimum share of.
public enum ScenarioClass: String, CaseIterable, Sendable {
    case sameTickInSource = "same-tick events in one source"
    case sameTickAcrossSources = "same-tick events across sources"
    case reorderedTie = "same-tick order differs from source order"
    case error = "a source errors"
    case completion = "a source completes"
    case emptySource = "a source never emits an element"
    case earlyDispose = "disposed before the window's end"
    case disposedBeforeActivity = "disposed before any event"
    case coldSource = "a cold source"
    case resubscribedAfterAllLeft = "all subscribers left, then one came back"
    case synchronousSource = "a source emits during subscribe"
    case behaviorSource = "a hot source hands its latest event over at subscribe"
    case disposedInsideOnNext = "the observer disposes from inside onNext"
    case feedback = "the observer feeds a value back into the input"
    case feedbackIntoInner = "the observer feeds a value back into an inner source"
    case feedbackIntoOtherSource = "the observer feeds a value back into a source other than the first"
    case large = "a source delivers thousands of events"
    case manySources = "a hundred sources or more"

    /// The classes `scenario` belongs to; `windowEnd` is the tick its shape disposes at
    /// unless it disposes early.
    public static func classify(_ scenario: Scenario, windowEnd: Int = TestScheduler.Defaults.disposed) -> [ScenarioClass] {
        var classes: [ScenarioClass] = []
        let all = scenario.sources + scenario.inners
        if all.contains(where: { timeline in
            zip(timeline.events, timeline.events.dropFirst()).contains { $0.tick == $1.tick }
        }) { classes.append(.sameTickInSource) }
        // Cold sources subscribed at S share the absolute time line with hot ones.
        let hotTicks = scenario.sources.map { timeline in
            Set(timeline.events.map { timeline.flavor.isHot ? $0.tick : scenario.subscribed + $0.tick })
        }
        var seen = Set<Int>()
        var shared = false
        for ticks in hotTicks {
            if !seen.isDisjoint(with: ticks) { shared = true }
            seen.formUnion(ticks)
        }
        if shared { classes.append(.sameTickAcrossSources) }
        if scenario.hotOrder != Scenario.defaultHotOrder(sources: scenario.sources, inners: scenario.inners) {
            classes.append(.reorderedTie)
        }
        if all.contains(where: { $0.events.contains { if case .error = $0.value { return true }; return false } }) {
            classes.append(.error)
        }
        if all.contains(where: { $0.events.contains { $0.value == .completed } }) { classes.append(.completion) }
        if scenario.sources.contains(where: { !$0.events.contains { if case .next = $0.value { return true }; return false } }) {
            classes.append(.emptySource)
        }
        if scenario.disposed < windowEnd { classes.append(.earlyDispose) }
        let firstTick = all.flatMap { timeline in
            timeline.events.map { timeline.flavor.isHot ? $0.tick : scenario.subscribed + $0.tick }
        }.min()
        if let firstTick, scenario.disposed < firstTick { classes.append(.disposedBeforeActivity) }
        if all.contains(where: { $0.flavor == .cold }) { classes.append(.coldSource) }
        if all.contains(where: { $0.flavor == .synchronous && !$0.events.isEmpty }) { classes.append(.synchronousSource) }
        if all.contains(where: { $0.flavor == .behavior && !$0.events.isEmpty }) { classes.append(.behaviorSource) }
        if scenario.disposeInsideAfter != nil { classes.append(.disposedInsideOnNext) }
        if let feedback = scenario.feedback {
            classes.append(feedback.inner != nil ? .feedbackIntoInner : feedback.source == 0 ? .feedback : .feedbackIntoOtherSource)
        }
        if scenario.eventCount > 1_000 { classes.append(.large) }
        if scenario.sources.count >= 100 { classes.append(.manySources) }
        if !scenario.extraSubscribers.isEmpty {
            let windows = ([Subscription(scenario.subscribed, scenario.disposed)] + scenario.extraSubscribers)
                .sorted { $0.subscribe < $1.subscribe }
            var lastEnd = windows[0].unsubscribe
            for window in windows.dropFirst() {
                if window.subscribe >= lastEnd { classes.append(.resubscribedAfterAllLeft); break }
                lastEnd = max(lastEnd, window.unsubscribe)
            }
        }
        return classes
    }
}
