// Shrink rewrites for large cases and inner sources: edits only the scenario generator can make,
// because they turn one encoding of a case into another (elements drawn as a large case, two
// inners drawn as one) that no single edit of a choice reaches.

import RxTestKit

extension ScenarioShape {
    /// Source 0's elements drawn as a large case instead: the same elements (one, then a run
    /// of one other value), synchronous, in fewer choices — its drawn events and a behavior
    /// source's initial element go, its terminal goes if it is a completion (the large case's
    /// own completes), and the large span's flag is raised. A failure shrunk to a few
    /// synchronous elements may have ended drawn either way, two local minima no single edit
    /// connects: this edit does, towards the shorter. The inner source the run's value names
    /// goes the same way into the large case's "just" inner when it is drawn as one element of
    /// that value (and nothing or a completion) — with source 0, or later, once the large case
    /// is drawn.
    var foldingIntoLarge: ChoiceRewrite {
        let (values, completions, innerFlavors) = (values, completions, innerFlavors)
        return ChoiceRewrite("fold a source's elements into a large case") { choices, spans in
            let inners = spans.filter { $0.label == "inner" }
            // The elements name inners when there are any (as the large case's do).
            let bound = UInt64(inners.isEmpty ? values : inners.count)
            guard let large = spans.first(where: { $0.label == "large" }), large.range.upperBound <= choices.count else { return [] }
            if large.range.count > 1 {
                // Drawn already: the inner its run names may still be folded into its "just" inner.
                // So may the first element's, into its waiting inner.
                let start = large.range.lowerBound
                let justChoice = start + (bound >= 2 ? 5 : 4)
                guard !inners.isEmpty, justChoice + 1 < large.range.upperBound else { return [] }
                let first = choices[start + 2]
                let runValue = bound >= 2 ? (first + 1 + choices[start + 3]) % bound : first
                var candidates: [[UInt64]] = []
                if choices[justChoice] == 0,
                   let just = Self.justInner(inners[Int(runValue) % inners.count], value: runValue,
                                             choices: choices, spans: spans) {
                    var candidate = choices
                    candidate[justChoice] = just.code
                    for (range, replacement) in just.edits { candidate.replaceSubrange(range, with: replacement) }
                    candidates.append(candidate)
                }
                let waitsChoice = justChoice + 1
                if choices[waitsChoice] == 0, runValue != first, completions,
                   let terminal = Self.waitingInnersTerminal(inners[Int(first) % inners.count], flavors: innerFlavors,
                                                             choices: choices, spans: spans) {
                    var candidate = choices
                    candidate[waitsChoice] = 1
                    candidate.replaceSubrange(terminal, with: [0])
                    candidates.append(candidate)
                }
                return candidates
            }
            guard choices[large.range.lowerBound] == 0,
                  let source = spans.outerSources.first else { return [] }
            // A behavior source's initial element comes first; it is drawn as an event too.
            let initial = spans.first { $0.label == "initial" && source.encloses($0) && $0.range.count > 1 }
            let events = spans.filter { span in
                span.label == "event" && span.range.count > 1 && source.encloses(span)
            }.sorted { $0.range.lowerBound < $1.range.lowerBound }
            let valueSpans = spans.filter { $0.label == "value" && $0.range.count == 1 }
            let drawnValues = events.compactMap { event in valueSpans.first { event.encloses($0) }.map { choices[$0.range.lowerBound] } }
            guard !events.isEmpty, drawnValues.count == events.count,
                  drawnValues.dropFirst().allSatisfy({ $0 == drawnValues[1] }) else { return [] }
            // The terminal: none, or a completion the large case draws itself.
            var completes: UInt64 = 0
            let terminal = spans.first { $0.label == "terminal" && source.encloses($0) }
            if let terminal, choices[terminal.range.lowerBound] != 0 {
                guard completions, choices[terminal.range.lowerBound] == 1 else { return [] }
                completes = 1
            }
            let first = drawnValues[0]
            var folded: [UInt64] = [1, UInt64(events.count - 1), first]
            if bound >= 2 {
                // The run's value is drawn as an offset past the first, so it differs from it.
                if events.count > 1 {
                    guard drawnValues[1] != first else { return [] }
                    folded.append((drawnValues[1] + bound - first - 1) % bound)
                } else {
                    folded.append(0)
                }
            }
            // The inner the run's value names, drawn as one element of that value (and maybe a
            // completion), is what the large case's "just" inner stands for: folded along too,
            // in a second candidate, the shorter first.
            let runValue = events.count > 1 ? drawnValues[1] : (bound >= 2 ? (first + 1) % bound : first)
            let just = inners.isEmpty ? nil : Self.justInner(inners[Int(runValue) % inners.count], value: runValue,
                                                               choices: choices, spans: spans)
            func candidate(justInner: (code: UInt64, edits: [(Range<Int>, [UInt64])])?) -> [UInt64] {
                var candidate = choices
                candidate.replaceSubrange(large.range, with: folded + [completes, justInner?.code ?? 0, 0])
                for (range, replacement) in justInner?.edits ?? [] { candidate.replaceSubrange(range, with: replacement) }
                if completes == 1, let terminal { candidate.replaceSubrange(terminal.range, with: [0]) }
                for event in events.reversed() where initial.map({ !$0.encloses(event) }) ?? true {
                    candidate.removeSubrange(event.range)
                }
                if let initial { candidate.replaceSubrange(initial.range, with: [0]) }
                return candidate
            }
            // Without it, the inners stay as drawn.
            return (just.map { [candidate(justInner: $0)] } ?? []) + [candidate(justInner: nil)]
        }
    }

    /// A large case of two elements over two inner sources, drawn as one element on one inner: its
    /// first element goes with the inner only it names, and every choice that names an inner is
    /// renumbered (the other sources' elements, the feedback's target). Dropping that inner alone
    /// leaves the first element naming nothing, and dropping the element alone cannot keep the
    /// run's inner: no single edit reaches the one-inner form.
    var droppingLargeFirst: ChoiceRewrite {
        let feedsInners = feedsInners
        return ChoiceRewrite("drop a large case's first element with its inner") { choices, spans in
            let inners = spans.inOrder("inner")
            // Drawn with two inners, a large case is [yes, count, first, offset, completes, just, waits].
            guard inners.count == 2, let large = spans.first(where: { $0.label == "large" }), large.range.count == 7,
                  large.range.upperBound <= choices.count,
                  let counter = spans.first(where: { $0.label == "inner count" }), counter.range.count == 1 else { return [] }
            let start = large.range.lowerBound
            guard choices[start] == 1, choices[start + 1] == 1, choices[start + 6] == 0, choices[counter.range.lowerBound] >= 1 else { return [] }
            let dropped = UInt64(choices[start + 2] % 2)   // the run names the other inner
            var candidate = choices
            // The feedback's target: 0 is source 0, t the inner t - 1.
            if feedsInners, let feedback = spans.first(where: { $0.label == "feedback" }), feedback.range.count >= 4,
               choices[feedback.range.lowerBound] == 1 {
                let target = feedback.range.lowerBound + 3
                if choices[target] == dropped + 1 { return [] }
                if choices[target] > dropped + 1 { candidate[target] -= 1 }
            }
            // One element, on inner 0 (with one inner the large case draws no offset), the run's
            // "just" inner kept.
            candidate.replaceSubrange(large.range, with: [1, 0, 0, choices[start + 4], choices[start + 5], 0])
            candidate.removeSubrange(inners[Int(dropped)].range)
            candidate[counter.range.lowerBound] -= 1
            // The sources' elements name inners: none may name the dropped one (source 0's, which
            // the large case replaces, are dead and go to 0).
            for (index, source) in spans.outerSources.enumerated() {
                for value in spans where value.label == "value" && value.range.count == 1 && source.encloses(value) {
                    let position = value.range.lowerBound
                    if index == 0 { candidate[position] = 0; continue }
                    if choices[position] == dropped { return [] }
                    if choices[position] > dropped { candidate[position] -= 1 }
                }
            }
            return [candidate]
        }
    }

    /// A large case over two inners — its first element's inner waiting (a hot completion one
    /// step after the subscription) and its run's completing synchronously (the "just" inner
    /// with its completion, or one drawn synchronous with a completion) — drawn over one
    /// behavior inner instead, completing at that same step: the first subscription waits for
    /// it, and every later one gets the completion at once, inside its subscribe call. What the
    /// two inners do together, without the run's elements; every element names the one inner.
    /// No edit of a few choices reaches it from the two-inner form.
    var largeOverBehaviorInner: ChoiceRewrite {
        let (completions, errors, innerFlavors, mostLarge) = (completions, errors, innerFlavors, UInt64(largeEvents.upperBound))
        let behaviorInners = innerFlavors == .mixedWithSynchronous && behaviorSources
        return ChoiceRewrite("draw a large case's two inners as one behavior inner") { choices, spans in
            guard completions, behaviorInners else { return [] }
            let inners = spans.inOrder("inner")
            // Over two inners: [yes, count, first, offset, completes, just, waits]; the run names
            // the inner the first does not.
            guard inners.count == 2, let large = spans.first(where: { $0.label == "large" }), large.range.count == 7,
                  let counter = spans.first(where: { $0.label == "inner count" }), counter.range.count == 1 else { return [] }
            let start = large.range.lowerBound
            guard choices[start] == 1, choices[counter.range.lowerBound] >= 1 else { return [] }
            let first = Int(choices[start + 2] % 2)
            let run = 1 - first
            // Drawn synchronous (2), its terminal a completion (1).
            let completesAtOnce = choices[inners[run].range.lowerBound] == 2
                && spans.contains { $0.label == "terminal" && inners[run].encloses($0) && choices[$0.range.lowerBound] == 1 }
            guard choices[start + 5] == 2 || choices[start + 5] == 0 && completesAtOnce,
                  choices[start + 6] == 1 || Self.waitingInnersTerminal(inners[first], flavors: innerFlavors,
                                                                        choices: choices, spans: spans) != nil else { return [] }
            // A behavior inner (3) with no initial element (0), no event (0), and a completion
            // (1) one step after the subscription (gap 0), its error identity 0, default tie.
            let behavior: [UInt64] = [3, 0, 0, 1, 0] + (errors ? [0] : []) + [0]
            var candidates: [[UInt64]] = []
            // The same count first; then a few more elements. Each element's delivery takes
            // another path over the one inner than over the two, so a failure that depends on
            // how deep the run goes (a recursion past the stack budget) may need a few more —
            // the case is smaller all the same (fewer choices), and lowering the count after
            // finds how many.
            let count = choices[start + 1]
            var counts = [count]
            for raised in [count + max(1, count / 16), count + max(2, count / 8)] where raised <= mostLarge && raised > counts.last! {
                counts.append(raised)
            }
            for raised in counts {
                for completes: UInt64 in [choices[start + 4], 1 - choices[start + 4]] {
                    var candidate = choices
                    // Over one inner: [yes, count, first, completes, just, waits], everything naming it.
                    candidate.replaceSubrange(large.range, with: [1, raised, 0, completes, 0, 0])
                    candidate.replaceSubrange(inners[1].range, with: [])
                    candidate.replaceSubrange(inners[0].range, with: behavior)
                    candidate[counter.range.lowerBound] -= 1
                    candidates.append(candidate)
                }
            }
            return candidates
        }
    }

    /// An inner source dropped with every choice that names an inner renumbered: the sources'
    /// elements, the feedback's target and the large case's first element and run (whose offset
    /// choice goes when one inner is left). Dropping the span alone shifts what the rest name, and
    /// a large case drawn over two inners reads its choices differently over one. No candidate
    /// for an inner something still names (a large case's run counts only if it is used).
    var droppingInner: ChoiceRewrite {
        let feedsInners = feedsInners
        return ChoiceRewrite("drop an inner source, renumbering what names inners") { choices, spans in
            let inners = spans.inOrder("inner")
            guard inners.count >= 2, let counter = spans.first(where: { $0.label == "inner count" }), counter.range.count == 1,
                  choices[counter.range.lowerBound] >= 1 else { return [] }
            let count = UInt64(inners.count)
            let sources = spans.outerSources
            let values = spans.filter { value in
                value.label == "value" && value.range.count == 1 && sources.contains { $0.encloses(value) }
            }.map(\.range.lowerBound)
            let feedback = spans.first { $0.label == "feedback" && $0.range.count >= 4 }
                .flatMap { feedsInners && choices[$0.range.lowerBound] == 1 ? $0.range.lowerBound + 3 : nil }
            // Drawn over two inners or more: [yes, count, first, offset, completes, just, waits].
            let large = spans.first { $0.label == "large" && $0.range.count == 7 && choices[$0.range.lowerBound] == 1 }
            var candidates: [[UInt64]] = []
            for dropped in 0..<count {
                let renumbered = { (inner: UInt64) -> UInt64? in inner == dropped ? nil : inner > dropped ? inner - 1 : inner }
                var candidate = choices
                guard values.allSatisfy({ renumbered(choices[$0]) != nil }) else { continue }
                for position in values { candidate[position] = renumbered(choices[position])! }
                if let feedback, choices[feedback] > 0 {
                    guard let target = renumbered(choices[feedback] - 1) else { continue }
                    candidate[feedback] = target + 1
                }
                if let large {
                    let start = large.range.lowerBound
                    let first = choices[start + 2]
                    let run = (first + 1 + choices[start + 3]) % count
                    // The run names an inner only with elements, or with its "just" inner drawn.
                    let runUsed = choices[start + 1] > 0 || choices[start + 5] > 0
                    guard let newFirst = renumbered(first) else { continue }
                    candidate[start + 2] = newFirst
                    if count == 2 {
                        guard !runUsed else { continue }
                        candidate.remove(at: start + 3)
                    } else {
                        guard let newRun = renumbered(run) ?? (runUsed ? nil : (newFirst + 1) % (count - 1)) else { continue }
                        candidate[start + 3] = (newRun + 2 * (count - 1) - newFirst - 1) % (count - 1)
                    }
                }
                // The large case and the feedback come after the inners: their edits are made.
                candidate.removeSubrange(inners[Int(dropped)].range)
                candidate[counter.range.lowerBound] -= 1
                candidates.append(candidate)
            }
            return candidates
        }
    }

    /// For an inner source drawn as the large case's waiting inner is — hot, no element, a
    /// completion one step after the subscription, default tie order — its terminal span, which
    /// a single 0 replaces once the large case draws the inner so itself. nil otherwise.
    private static func waitingInnersTerminal(_ inner: ChoiceSpan, flavors: Flavors, choices: [UInt64], spans: [ChoiceSpan]) -> Range<Int>? {
        switch flavors {
        case .hot: break
        case .cold: return nil
        case .mixed, .mixedWithSynchronous:
            guard choices[inner.range.lowerBound] == 0 else { return nil }   // 0 draws a hot source
        }
        guard !spans.contains(where: { ($0.label == "event" || $0.label == "initial") && $0.range.count > 1 && inner.encloses($0) }),
              let terminal = spans.first(where: { $0.label == "terminal" && inner.encloses($0) }),
              terminal.range.count > 1, choices[terminal.range.lowerBound] == 1,
              choices[terminal.range.dropFirst()].allSatisfy({ $0 == 0 }) else { return nil }
        return terminal.range
    }

    /// For an inner source drawn as exactly one element `value`, then nothing or a completion:
    /// the large case's "just" code that stands for it (1, or 2 with the completion) and the
    /// edits that drop its own drawing, last first: its event's span goes, a completion's
    /// terminal span becomes a single 0 (no terminal). nil otherwise.
    private static func justInner(_ inner: ChoiceSpan, value: UInt64, choices: [UInt64], spans: [ChoiceSpan]) -> (code: UInt64, edits: [(Range<Int>, [UInt64])])? {
        guard !spans.contains(where: { $0.label == "initial" && $0.range.count > 1 && inner.encloses($0) }) else { return nil }
        let events = spans.filter { $0.label == "event" && $0.range.count > 1 && inner.encloses($0) }
        guard events.count == 1, let valueSpan = spans.first(where: { $0.label == "value" && events[0].encloses($0) }),
              choices[valueSpan.range.lowerBound] == value else { return nil }
        var edits: [(Range<Int>, [UInt64])] = [(events[0].range, [])]
        var code: UInt64 = 1
        if let terminal = spans.first(where: { $0.label == "terminal" && inner.encloses($0) }),
           choices[terminal.range.lowerBound] != 0 {
            // Only a completion: the kind's code is 1 when completions are drawn at all, and its
            // error identity (drawn alongside) is 0.
            guard choices[terminal.range.lowerBound] == 1, terminal.range.count > 1 else { return nil }
            edits.insert((terminal.range, [0]), at: 0)
            code = 2
        }
        return (code, edits)
    }
}
