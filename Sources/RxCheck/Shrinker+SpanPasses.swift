// Shrink passes that act on a generator's labelled spans: drop, zero, draw small, move earlier,
// swap, trade and drop-with-counter. What they edit is decided by the labels a generator gives,
// so these passes mean something only to a generator that labels its choices.

import Foundation
import RxTestKit

extension Shrinker {
    // MARK: Span passes

    /// Deletes each span with `label` (last first); also lowers the first `adjusting` choice,
    /// so dropping a source lowers the arity that announced it.
    mutating func dropSpans(labelled label: SpanLabel, adjusting counter: SpanLabel) {
        var index = spans(labelled: label).count - 1
        while index >= 0 {
            let current = spans(labelled: label)
            guard index < current.count else { index -= 1; continue }
            let span = current[index]
            var candidate = best
            candidate.removeSubrange(span.range)
            if let arity = spans(labelled: counter).first, arity.range.count == 1, arity.range.upperBound <= span.range.lowerBound,
               candidate[arity.range.lowerBound] > 0 {
                candidate[arity.range.lowerBound] -= 1
            }
            if !attempt(candidate) { attempt(removing: span.range) }
            index -= 1
        }
    }

    @discardableResult
    mutating func attempt(removing range: Range<Int>) -> Bool {
        var candidate = best
        candidate.removeSubrange(range)
        return attempt(candidate)
    }

    /// Removes one event while keeping later events at their ticks: its span goes, and its gap
    /// is added to the next event's gap. Falls back to plain deletion. When an event goes, the
    /// events right before it are tried along with it, as many as still fail (`findInteger`:
    /// O(log k) calls for k), so a long run of events a failure does not need goes in a few
    /// calls instead of one each.
    mutating func dropKeepingPlaces(labelled label: SpanLabel, gap: SpanLabel) {
        var index = spans(labelled: label).count - 1
        while index >= 0 {
            let events = spans(labelled: label).filter { $0.range.count > 1 }
            guard index < events.count else { index -= 1; continue }
            guard attempt(Self.dropping(index..<index + 1, of: events, gaps: spans(labelled: gap), from: best))
                    || attempt(removing: events[index].range) else {
                index -= 1
                continue
            }
            // The events before it, adjacent in the choices: tried together, from the same base.
            let base = best
            let remaining = spans(labelled: label).filter { $0.range.count > 1 }
            let gaps = spans(labelled: gap)
            var run = 0
            while run < index, index - run - 1 < remaining.count,
                  run == 0 || remaining[index - run - 1].range.upperBound == remaining[index - run].range.lowerBound {
                run += 1
            }
            let taken = Self.findInteger(limit: UInt64(run)) { k in
                attempt(Self.dropping(index - Int(k)..<index, of: remaining, gaps: gaps, from: base))
            }
            index -= 1 + Int(taken)
        }
    }

    /// `base` without the events at `block` (adjacent in the choices), their gaps added to the
    /// gap that follows them, so later events keep their ticks; plain deletion where a gap is
    /// not a single choice.
    static func dropping(_ block: Range<Int>, of events: [ChoiceSpan], gaps: [ChoiceSpan], from base: [UInt64]) -> [UInt64] {
        let range = events[block.lowerBound].range.lowerBound..<events[block.upperBound - 1].range.upperBound
        var candidate = base
        guard range.upperBound <= base.count else { return candidate }
        let own = gaps.filter { range.contains($0.range.lowerBound) }
        if let next = gaps.first(where: { $0.range.lowerBound >= range.upperBound }), next.range.count == 1,
           own.count == block.count, own.allSatisfy({ $0.range.count == 1 }) {
            candidate[next.range.lowerBound] += own.reduce(0) { $0 + base[$1.range.lowerBound] }
        }
        candidate.removeSubrange(range)
        return candidate
    }

    /// Makes each span with `label` as simple as possible: first replaced by a single 0 (a
    /// variable-length span such as a terminal event or an early dispose reads one choice when
    /// its first is 0, so leaving the rest in place would misalign everything after it), then,
    /// failing that, zeroed in place.
    mutating func zeroSpans(labelled label: SpanLabel) {
        for span in spans(labelled: label).reversed() where !span.range.isEmpty {
            guard span.range.upperBound <= best.count, best[span.range].contains(where: { $0 != 0 }) else { continue }
            if span.range.count > 1 {
                var shorter = best
                shorter.replaceSubrange(span.range, with: [0])
                if attempt(shorter) { continue }
            }
            var candidate = best
            for position in span.range { candidate[position] = 0 }
            attempt(candidate)
        }
    }

    /// A large case (span `large`: a flag, then the count, then the rest) is tried as no large
    /// case at all, then as the same case with its count at zero, then with the least count
    /// that still fails: either way later passes work on a small case, and each of their calls
    /// is cheap.
    mutating func drawSmall(labelled label: SpanLabel) {
        zeroSpans(labelled: label)
        for span in spans(labelled: label).reversed() where span.range.count > 2 {
            let count = span.range.lowerBound + 1
            guard count < best.count, best[count] != 0 else { continue }
            var candidate = best
            candidate[count] = 0
            if !attempt(candidate) { lowerUpwards(at: count) }
        }
    }

    /// The least value of the choice at `position` that still fails, searched upwards from 1
    /// in doubling steps and then halved: every probe runs a case no larger than the answer's
    /// double, so a count in the thousands is lowered without running the thousands again (a
    /// binary search from above would start at half of them), and every pass after it works
    /// on the small case.
    ///
    /// A count below a thousand is first tried one lower, and if that no longer fails the
    /// search ends there: in the rounds after the first the count is usually minimal already,
    /// and the search from 1 would run again for nothing. (A count in the thousands is not:
    /// that one probe would run the thousands.) If it still fails, the count has moved little
    /// since the last round as a rule: it goes on down by 2, 4, 8, … until a probe passes, and
    /// the search halves between that probe and the least count that failed. (A count that
    /// fell far instead costs a probe per halving, each about as large as the case, where the
    /// search from 1 would have probed small cases first: at most ten below a thousand.)
    mutating func lowerUpwards(at position: Int) {
        var low: UInt64 = 0
        var high = best[position]
        if high > 2 && high < 1_000 {
            // One lower first, then 2, 4, 8… lower than the least count that failed so far.
            var distance: UInt64 = 1
            while distance < high {
                var probe = best
                probe[position] = high - distance
                guard attempt(probe) else {
                    if distance == 1 { return }   // one lower passes: the count is the least
                    low = high - distance
                    break
                }
                guard position < best.count else { return }
                high = best[position]
                distance *= 2
            }
        }
        var step: UInt64 = low == 0 ? 1 : high
        while step < high {
            var probe = best
            probe[position] = step
            if attempt(probe) {
                high = step
                break
            }
            low = step
            step = step > high / 2 ? high : step * 2
        }
        while high - low > 1, position < best.count {
            let middle = low + (high - low) / 2
            var probe = best
            probe[position] = middle
            if attempt(probe) { high = middle } else { low = middle }
        }
    }

    /// Moves one event a grid step earlier while keeping the later events of its source in
    /// place: its gap goes down by one and the next gap of the same source up by one (or, when
    /// that fails, all later events move too). Landing on another event's tick may need a
    /// later place in the tie, so each move is also tried with the moved event's tie priority
    /// raised.
    mutating func pullEarlier(gap: SpanLabel, tie: SpanLabel, owner: SpanLabel) {
        let gaps = spans(labelled: gap).filter { $0.range.count == 1 }
        let ties = spans(labelled: tie).filter { $0.range.count == 1 }
        let sources = spans(labelled: owner)
        for (offset, gap) in gaps.enumerated() {
            let position = gap.range.lowerBound
            guard position < best.count, best[position] > 0 else { continue }
            let owner = sources.first { $0.range.contains(position) }?.range
            var plain = best
            plain[position] -= 1
            var candidates = [plain]
            if offset + 1 < gaps.count, let owner, owner.contains(gaps[offset + 1].range.lowerBound) {
                var compensated = plain
                compensated[gaps[offset + 1].range.lowerBound] += 1
                candidates.insert(compensated, at: 0)
            }
            let tie = ties.first { $0.range.lowerBound > position }?.range.lowerBound
            moves: for candidate in candidates {
                if attempt(candidate) { break }
                if let tie, tie < candidate.count {
                    for priority in 1...3 {
                        var raised = candidate
                        raised[tie] = UInt64(priority)
                        if attempt(raised) { break moves }
                    }
                }
            }
        }
    }

    /// Swaps the choices of neighbouring spans with `label` (two sources), which normalises
    /// counterexamples that do not care which source does what.
    mutating func swapSpans(labelled label: SpanLabel) {
        var index = 0
        while true {
            let current = spans(labelled: label).filter { !$0.range.isEmpty }.sorted { $0.range.lowerBound < $1.range.lowerBound }
            guard index + 1 < current.count else { return }
            let first = current[index].range, second = current[index + 1].range
            if first.upperBound == second.lowerBound, second.upperBound <= best.count {
                var candidate = Array(best[..<first.lowerBound])
                candidate += best[second]
                candidate += best[first]
                candidate += best[second.upperBound...]
                attempt(candidate)
            }
            index += 1
        }
    }

    /// Each `give` span (last first) is deleted, or lowered by one if it is a single choice,
    /// together with a raise by one of the first choice of a `take` span outside it — every
    /// pairing, each tried only when the pair makes a smaller sequence (a raise after a
    /// lowering at the same length is larger, and costs no call). A raised single-choice span
    /// may open choices after it (a terminal's kind, then its gap and tie): it is tried as it
    /// is, then with two and three zeros after it, the first of them carrying the deleted
    /// span's `gap` when it had one, so what it stood for keeps its place.
    mutating func trade(give: SpanLabel, take: [SpanLabel], gap: SpanLabel, within: SpanLabel?) {
        var index = spans(labelled: give).count - 1
        while index >= 0 {
            let gives = spans(labelled: give).filter { !$0.range.isEmpty && $0.range.upperBound <= best.count }
            guard index < gives.count else { index -= 1; continue }
            let given = gives[index].range
            var base = best
            if given.count > 1 {
                base.removeSubrange(given)
            } else if base[given.lowerBound] > 0 {
                base[given.lowerBound] -= 1
            } else {
                index -= 1
                continue
            }
            let removed = given.count > 1 ? given.count : 0
            let carried = removed > 0 ? spans(labelled: gap).first { given.contains($0.range.lowerBound) && $0.range.count == 1 }
                .map { best[$0.range.lowerBound] } ?? 0 : 0
            let owner = within.flatMap { label in
                spans(labelled: label).filter { $0.range.contains(given.lowerBound) }.min { $0.range.count < $1.range.count }?.range
            }
            let targets = spans.filter { span in
                take.contains(span.label) && !span.range.isEmpty && !given.contains(span.range.lowerBound)
                    && (within == nil || owner?.contains(span.range.lowerBound) == true)
            }
            var seen = Set<Int>()
            search: for target in targets.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
                where seen.insert(target.range.lowerBound).inserted {
                let position = target.range.lowerBound >= given.upperBound ? target.range.lowerBound - removed : target.range.lowerBound
                guard position < base.count, base[position] < UInt64.max else { continue }
                var raised = base
                raised[position] += 1
                if attempt(raised) { break }
                guard removed > 0, target.range.count == 1 else { continue }
                for padding in [2, 3] {
                    var padded = raised
                    padded.insert(contentsOf: [UInt64](repeating: 0, count: padding), at: position + 1)
                    if attempt(padded) { break search }
                    if carried > 0, target.range.lowerBound >= given.upperBound {
                        padded[position + 1] = carried
                        if attempt(padded) { break search }
                    }
                }
            }
            index -= 1
        }
    }

    /// Each `give` span (last first) deleted while every choice `counts` names that is above
    /// zero goes down by one; then with each of them alone.
    mutating func dropCounted(give: SpanLabel, counts: [ChoiceRef]) {
        var index = spans(labelled: give).count - 1
        while index >= 0 {
            let gives = spans(labelled: give).filter { $0.range.count > 1 && $0.range.upperBound <= best.count }
            guard index < gives.count else { index -= 1; continue }
            let given = gives[index].range
            let positions = counts.flatMap { ref in
                spans(labelled: ref.label).compactMap { span -> Int? in
                    let position = span.range.lowerBound + ref.offset
                    guard span.range.contains(position), position < best.count, best[position] > 0,
                          !given.contains(position) else { return nil }
                    return position >= given.upperBound ? position - given.count : position
                }
            }
            index -= 1
            guard !positions.isEmpty else { continue }
            var base = best
            base.removeSubrange(given)
            func lowering(_ chosen: [Int]) -> [UInt64] {
                var candidate = base
                for position in chosen { candidate[position] -= 1 }
                return candidate
            }
            if attempt(lowering(positions)) || positions.count == 1 { continue }
            for position in positions where attempt(lowering([position])) { break }
        }
    }
}
