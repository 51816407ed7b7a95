// Which scenarios a shape admits: those it could draw, up to the events themselves. A stored
// or hand-written case is judged by a property only when its shape admits it, so a Seeds entry
// never runs an operator with sources, parameters or an observer script it does not take.

import RxTestKit

extension ScenarioShape {
    /// Why `scenario` lies outside what this shape draws — the first reason found, in words
    /// naming the part — or nil when the shape could have drawn a scenario of its structure.
    ///
    /// Checked: the window (after the creation tick, disposed no earlier than subscribed, and no
    /// longer than the shape's), the
    /// number and flavour of sources and inner sources (a large case's synchronous source 0 and
    /// the many-sources form included), the parameters' count and ranges, the extra subscribers,
    /// the observer's dispose-inside and feedback script, and that every tick (hot ticks, cold
    /// and synchronous offsets, the window) lies within 0...`SeedEntry.tickLimit`, and every
    /// element within ±10⁶ (closures under test combine them arithmetically). The number of
    /// events is free.
    public func refusal(of scenario: Scenario) -> String? {
        guard scenario.created < scenario.subscribed else {
            return "the window starts at \(scenario.subscribed), not after the operator is created at \(scenario.created)"
        }
        guard scenario.subscribed <= scenario.disposed else {
            return "the window ends at \(scenario.disposed), before it starts at \(scenario.subscribed)"
        }
        let limit = SeedEntry.tickLimit
        guard scenario.disposed <= limit else { return "the window ends at \(scenario.disposed), past tick \(limit)" }
        // An operator's work grows with the window it runs over (a timer's ticks, say), and the
        // property's step budget is sized for the windows it draws.
        let longest = disposed - subscribed
        guard scenario.disposed - scenario.subscribed <= longest else {
            return "the window \(scenario.subscribed)-\(scenario.disposed) is longer than the \(longest) ticks this property draws"
        }
        let many = manySourcesPercent > 0 ? manySources.upperBound : 0
        let arity = sources.lowerBound...(sources.upperBound + many)
        guard arity.contains(scenario.sources.count) else {
            return "\(scenario.sources.count) sources, where the operator takes \(Self.describe(arity))"
        }
        guard inners.contains(scenario.inners.count) else {
            return "\(scenario.inners.count) inner sources, where the operator takes \(Self.describe(inners))"
        }
        for (index, timeline) in scenario.sources.enumerated() {
            var allowed = Self.flavors(flavors, behavior: behaviorSources)
            if index == 0 && largePercent > 0 { allowed.append(.synchronous) }
            if index >= sources.upperBound && manySourcesPercent > 0 { allowed += [.synchronous, .hot] }
            if let reason = Self.refusal(of: timeline, named: SourceName.source(index), allowed: allowed) { return reason }
        }
        for (index, timeline) in scenario.inners.enumerated() {
            var allowed = Self.flavors(innerFlavors, behavior: behaviorSources)
            if largePercent > 0 { allowed += [.synchronous, .hot] }
            if let reason = Self.refusal(of: timeline, named: SourceName.inner(index), allowed: allowed) { return reason }
        }
        guard scenario.parameters.count == parameters.count else {
            return "\(scenario.parameters.count) parameters, where the operator takes \(parameters.count)"
        }
        for (index, (value, range)) in zip(scenario.parameters, parameters).enumerated() where !range.contains(value) {
            return "parameter \(index + 1) is \(value), outside \(range.lowerBound)...\(range.upperBound)"
        }
        guard extraSubscribers.contains(scenario.extraSubscribers.count) else {
            return "\(scenario.extraSubscribers.count) further subscribers, where the property draws \(Self.describe(extraSubscribers))"
        }
        for window in scenario.extraSubscribers {
            guard scenario.created < window.subscribe, window.subscribe <= window.unsubscribe else {
                return "a further subscriber's window \(window.subscribe)-\(window.unsubscribe) is not after the creation tick \(scenario.created), or ends before it starts"
            }
            guard window.unsubscribe - window.subscribe <= longest else {
                return "a further subscriber's window \(window.subscribe)-\(window.unsubscribe) is longer than the \(longest) ticks this property draws"
            }
        }
        if let count = scenario.disposeInsideAfter {
            guard disposeInsidePercent > 0 else { return "the observer disposes inside onNext, which this property does not draw" }
            guard count > 0 else { return "the observer disposes after \(count) events" }
        }
        if let feedback = scenario.feedback {
            guard feedbackPercent > 0 else { return "the observer feeds a value back, which this property does not draw" }
            guard Self.valueRange.contains(feedback.value) else {
                return "the observer feeds back \(feedback.value), outside \(Self.valueRange.lowerBound)...\(Self.valueRange.upperBound)"
            }
            guard feedback.after > 0 else { return "the observer feeds back after \(feedback.after) events" }
            if let inner = feedback.inner {
                guard feedsInners, inner < scenario.inners.count, inner >= 0 else {
                    return "the observer feeds back into inner\(inner), which this property does not draw"
                }
            } else if feedback.source != 0 {
                guard feedsOtherSources, feedback.source > 0, feedback.source < scenario.sources.count else {
                    return "the observer feeds back into s\(feedback.source), which this property does not draw"
                }
            }
        }
        if let action = scenario.subscriberAction {
            guard subscriberActionPercent > 0 else { return "a subscriber acts on another, which this property does not draw" }
            guard action.fits(subscribers: 1 + scenario.extraSubscribers.count) else {
                return "'\(action.description)' does not name two different windows (a subscribed one extra) and a positive count"
            }
        }
        return nil
    }

    /// The elements a case may carry: operators' closures combine them arithmetically
    /// (`a * 10 + b`), which must not overflow.
    static let valueRange = -1_000_000...1_000_000

    static func flavors(_ flavors: Flavors, behavior: Bool) -> [SourceTimeline.Flavor] {
        switch flavors {
        case .hot: return [.hot]
        case .cold: return [.cold]
        case .mixed: return [.hot, .cold]
        case .mixedWithSynchronous: return behavior ? [.hot, .cold, .synchronous, .behavior] : [.hot, .cold, .synchronous]
        }
    }

    private static func refusal(of timeline: SourceTimeline, named name: SourceName,
                                allowed: [SourceTimeline.Flavor]) -> String? {
        guard allowed.contains(timeline.flavor) else {
            return "\(name) is \(timeline.flavor.rawValue), where the operator's sources are "
                + allowed.map(\.rawValue).joined(separator: " or ")
        }
        if let negative = timeline.events.first(where: { $0.tick < 0 }) {
            return "\(name) has an event at \(negative.tick), before tick 0"
        }
        if let late = timeline.events.first(where: { $0.tick > SeedEntry.tickLimit }) {
            return "\(name) has an event at \(late.tick), past tick \(SeedEntry.tickLimit)"
        }
        for event in timeline.events {
            if case .next(let value) = event.value, !Self.valueRange.contains(value) {
                return "\(name) has the element \(value) at \(event.tick), outside \(Self.valueRange.lowerBound)...\(Self.valueRange.upperBound)"
            }
        }
        return nil
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
    }
}
