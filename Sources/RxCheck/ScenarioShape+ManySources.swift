// The many sources a collection operator meets now and then: what each one is, and the shrink
// rewrite that spells a few of them out as ordinarily drawn sources.

import RxTestKit

extension ScenarioShape {
    /// What a case's many sources are; each is cheap to draw — no choice beyond their count and
    /// this pattern.
    enum ManyPattern: Int, CaseIterable {
        /// By turns a synchronous `(v|)` and a hot source with one element (the simplest).
        case alternating
        /// All synchronous `(v|)`: an operator moving from one to the next by recursion goes as
        /// deep as there are sources.
        case synchronous
        /// All synchronous `(v#)` (a completion where the shape draws no errors): the same for an
        /// operator that moves on when a source fails.
        case failing
    }

    /// The `extra`-th of a case's many sources (after the drawn ones), of `pattern`; its element
    /// is `extra` wrapped into the shape's values.
    func manySource(_ extra: Int, _ pattern: ManyPattern) -> SourceTimeline {
        let value = extra % values
        switch pattern {
        case .alternating where extra % 2 == 1:
            return SourceTimeline(.hot, [TimelineEvent(subscribed + tickStep * (1 + extra % windowSteps), .next(value))])
        case .failing where errors:
            return SourceTimeline(.synchronous, [TimelineEvent(0, .next(value)), TimelineEvent(0, .error(1))])
        default:
            return SourceTimeline(.synchronous, [TimelineEvent(0, .next(value)), TimelineEvent(0, .completed)])
        }
    }

    /// A case with many sources drawn instead with the first few of them (as many as the arity
    /// has room for) as ordinary sources after the drawn ones, and the rest gone: where they all
    /// fit, the same scenario, in more choices, but ones that shrink further (their values,
    /// flavours, ticks). Without it a failure ends either with two such sources or with two
    /// drawn ones, two minima no edit connects; and a failure first seen through hundreds of
    /// sources (a recursion per source) that a few show another way (the order of its releases)
    /// keeps the hundreds. The candidate is longer; the generator weighs the "many sources" span
    /// first (`Gen.weighedSpans`), so it is still the smaller case.
    var spellingOutManySources: ChoiceRewrite {
        let shape = self
        return ChoiceRewrite("spell out the many sources", mayLengthen: true) { choices, spans in
            // With inner sources, an outer source's values name inners: not the many sources' values.
            guard shape.inners.upperBound == 0, let arity = spans.first(where: { $0.label == "arity" }),
                  let many = spans.first(where: { $0.label == "many sources" }),
                  many.range.count == 3, many.range.upperBound <= choices.count, choices[many.range.lowerBound] == 1,
                  let pattern = ManyPattern(rawValue: Int(choices[many.range.lowerBound + 2]))
            else { return [] }
            let drawn = spans.outerSources.count
            let count = min(Int(choices[many.range.lowerBound + 1]), shape.sources.upperBound - drawn)
            guard count > 0 else { return [] }
            var spelled: [UInt64] = []
            for extra in 0..<count {
                guard let encoded = shape.choices(drawing: shape.manySource(extra, pattern)) else { return [] }
                spelled += encoded
            }
            // After the drawn sources, or where they would start.
            let before = spans.filter { ["arity", "many sources", "inner count"].contains($0.label) }
            let insertion = (spans.outerSources + before).map(\.range.upperBound).max() ?? many.range.upperBound
            var candidate = choices
            candidate.insert(contentsOf: spelled, at: insertion)
            candidate.replaceSubrange(many.range, with: [0])
            candidate[arity.range.lowerBound] += UInt64(count)
            return [candidate]
        }
    }

    /// The choices with which `drawTimeline` draws `timeline` as an outer source, or nil where
    /// it cannot: a flavour the shape does not draw, a tick off the grid or beyond a gap, a value
    /// out of range, more than one element (the size may cap them). Ties are drawn at 0.
    func choices(drawing timeline: SourceTimeline) -> [UInt64]? {
        var result: [UInt64] = []
        switch (flavors, timeline.flavor) {
        case (.hot, .hot), (.cold, .cold): break
        case (.mixed, .hot): result.append(0)
        case (.mixed, .cold): result.append(1)
        case (.mixedWithSynchronous, .hot): result.append(0)
        case (.mixedWithSynchronous, .cold): result.append(1)
        case (.mixedWithSynchronous, .synchronous): result.append(2)
        default: return nil
        }
        let synchronous = timeline.flavor == .synchronous
        let base = timeline.flavor.isHot ? subscribed + tickStep : 0
        var steps = 0
        func gap(to tick: Int) -> UInt64? {
            if synchronous { return tick == 0 ? 0 : nil }
            let offset = tick - base
            guard offset >= 0, offset % tickStep == 0 else { return nil }
            let gap = offset / tickStep - steps
            guard (0...maxGap).contains(gap) else { return nil }
            steps += gap
            return UInt64(gap)
        }
        var elements = 0
        var terminal: TimelineEvent?
        for event in timeline.events {
            guard terminal == nil else { return nil }
            switch event.value {
            case .next(let value):
                elements += 1
                guard elements <= 1, (0..<values).contains(value), let gap = gap(to: event.tick) else { return nil }
                result += [1, gap, UInt64(value), 0]
            case .completed, .error:
                terminal = event
            }
        }
        result.append(0)
        guard let terminal else {
            result.append(0)
            return result
        }
        let kind: UInt64
        var identity: UInt64 = 0
        switch terminal.value {
        case .completed:
            guard completions else { return nil }
            kind = 1
        case .error(let number):
            guard errors, (1...errorIdentities).contains(number) else { return nil }
            kind = completions ? 2 : 1
            identity = UInt64(number - 1)
        case .next:
            return nil
        }
        guard let gap = gap(to: terminal.tick) else { return nil }
        result += [kind, gap] + (errors ? [identity] : []) + [0]
        return result
    }
}
