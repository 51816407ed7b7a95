// The many sources a collection operator meets now and then: what each one is, and the shrink
// rewrite that spells a few of them out as ordinarily drawn sources.

import RxTestKit

extension ScenarioShape {
    /// The `extra`-th of a case's many sources (after the drawn ones): by turns a synchronous
    /// `(v|)` and a hot source with one element, so they are cheap to draw — no choice beyond
    /// their count.
    func manySource(_ extra: Int) -> SourceTimeline {
        let value = extra % values
        if extra % 2 == 0 {
            return SourceTimeline(.synchronous, [TimelineEvent(0, .next(value)), TimelineEvent(0, .completed)])
        }
        return SourceTimeline(.hot, [TimelineEvent(subscribed + tickStep * (1 + extra % windowSteps), .next(value))])
    }

    /// A case with a few many-sources left (as many as the arity has room for) drawn instead
    /// with them as ordinary sources after the drawn ones: the same scenario, in more choices,
    /// but ones that shrink further (their values, flavours, ticks). Without it a failure ends
    /// either with two such sources or with two drawn ones, two minima no edit connects. The
    /// candidate is longer; the generator weighs the "many sources" span first
    /// (`Gen.weighedSpans`), so it is still the smaller case.
    var spellingOutManySources: ChoiceRewrite {
        let shape = self
        return ChoiceRewrite("spell out the many sources", mayLengthen: true) { choices, spans in
            guard let arity = spans.first(where: { $0.label == "arity" }),
                  let many = spans.first(where: { $0.label == "many sources" }),
                  many.range.count == 2, many.range.upperBound <= choices.count, choices[many.range.lowerBound] == 1
            else { return [] }
            let count = Int(choices[many.range.lowerBound + 1])
            let drawn = spans.outerSources.count
            guard count > 0, drawn + count <= shape.sources.upperBound else { return [] }
            var spelled: [UInt64] = []
            for extra in 0..<count {
                guard let encoded = shape.choices(drawing: shape.manySource(extra)) else { return [] }
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
