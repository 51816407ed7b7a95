// Shrink passes on choices alone: the blind ones (delete blocks, zero, lower, redistribute, sort)
// that every generator gets, and those for plain values (lengths, indices, lists) that read
// only the innermost span labels. They need nothing from the generator.

import Foundation
import RxTestKit

extension Shrinker {
    // MARK: Generic passes

    /// Deletes what the case can do without, adaptively: every span of three or more choices
    /// the generator recorded (a nested element, an event), then at each position, from the
    /// end, as long a run of single choices — or, when one alone cannot go, of pairs (an array
    /// element is a flag and a value), then of triples (a tree node and a leaf) — as still
    /// fails (`findInteger`: one call per block size where nothing can go, O(log k) calls for
    /// k). A generator whose own span passes delete its structure can stop at pairs.
    mutating func deleteBlocks(upTo largest: Int = 3) {
        var index = spans.count - 1
        while index >= 0 {
            if index < spans.count, spans[index].range.count >= 3, spans[index].range.upperBound <= best.count {
                attempt(removing: spans[index].range)
            }
            index -= 1
        }
        var start = best.count - 1
        while start >= 0 {
            for unit in 1...max(largest, 1) where start + unit <= best.count {
                let base = best
                func removing(_ k: UInt64) -> [UInt64] {
                    var candidate = base
                    candidate.removeSubrange(start..<min(base.count, start + Int(k) * unit))
                    return candidate
                }
                let limit = UInt64((base.count - start) / unit)
                if Self.findInteger(limit: limit, { k in attempt(removing(k)) || best == removing(k) }) > 0 { break }
            }
            start -= 1
        }
    }

    /// Sets blocks of 8, 4 and 2 choices to zero.
    mutating func zeroBlocks() {
        for length in [8, 4, 2] {
            var start = 0
            while start + length <= best.count {
                if best[start..<(start + length)].contains(where: { $0 != 0 }) {
                    var candidate = best
                    for position in start..<(start + length) { candidate[position] = 0 }
                    attempt(candidate)
                }
                start += 1
            }
        }
    }

    /// Lowers each choice as far as it still fails: try 0, then binary search between 0 and
    /// the value, so a value v costs O(log v) calls.
    mutating func lowerChoices() {
        var position = 0
        while position < best.count {
            let original = best[position]
            if original > 0 {
                var candidate = best
                candidate[position] = 0
                if !attempt(candidate) {
                    // Invariant: `low` passes (or is not accepted), `high` fails.
                    var low: UInt64 = 0
                    var high = best[position]
                    // A large value one lower first: where that no longer fails, a search
                    // from zero would climb back to this value (in the rounds after the first,
                    // most are there). A small one is searched whole, in as many calls: its
                    // failing values need not be contiguous (an odd one, say).
                    if high >= 8 {
                        var probe = best
                        probe[position] = high - 1
                        if attempt(probe) { high -= 1 } else { low = high - 1 }
                    }
                    while high - low > 1 {
                        let middle = low + (high - low) / 2
                        var probe = best
                        guard position < probe.count else { break }
                        probe[position] = middle
                        if attempt(probe) { high = middle } else { low = middle }
                    }
                }
            }
            position += 1
        }
    }

    /// Lowers every occurrence of a repeated choice value at once (values that must stay equal,
    /// like the two copies in `[52, 52]`, cannot shrink one at a time). Occurrences are grouped
    /// by the label of their innermost span first — two gaps, two values — so that equal
    /// choices of different kinds (a gap and a "more" flag) do not have to move together; then
    /// all occurrences of a value are tried together.
    mutating func lowerDuplicates() {
        let innermost = innermostLabels()
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (position, value) in best.enumerated() where value > 0 {
            for key in ["\(innermost[position]) \(value)", "* \(value)"] {
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(position)
            }
        }
        for key in order {
            guard let positions = groups[key], positions.count > 1,
                  let value = positions.first.map({ best.indices.contains($0) ? best[$0] : 0 }), value > 0,
                  positions.allSatisfy({ best.indices.contains($0) && best[$0] == value }) else { continue }
            func with(_ replacement: UInt64) -> [UInt64] {
                var candidate = best
                for position in positions { candidate[position] = replacement }
                return candidate
            }
            if attempt(with(0)) { continue }
            var low: UInt64 = 0
            var high = value
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if attempt(with(middle)) { high = middle } else { low = middle }
            }
        }
    }

    mutating func deleteLowering() {
        var index = spans.count - 1
        while index >= 0 {
            defer { index -= 1 }
            guard index < spans.count else { continue }
            let deleted = spans[index]
            guard !deleted.range.isEmpty, deleted.range.upperBound <= best.count else { continue }
            // Choices before it outside every span of its label: lengths, flags, parameters.
            let siblings = spans.filter { $0.label == deleted.label }
            for position in (0..<deleted.range.lowerBound).reversed() where best[position] > 0
                && !siblings.contains(where: { $0.range.contains(position) }) {
                var candidate = best
                candidate.removeSubrange(deleted.range)
                candidate[position] -= 1
                if attempt(candidate) { break }
            }
        }
    }

    mutating func lowerPairs() {
        var first = 0
        while first < best.count {
            defer { first += 1 }
            for second in (first + 1)..<min(first + 9, best.count) where best[first] > 0 && best[second] > 0 {
                // Once a pair goes down together it goes on, in doubling steps while they
                // still fail, back to one step when a larger one does not.
                var step: UInt64 = 1
                var lowered = false
                while second < best.count, min(best[first], best[second]) > 0 {
                    let amount = min(step, best[first], best[second])
                    var candidate = best
                    candidate[first] -= amount
                    candidate[second] -= amount
                    if attempt(candidate) {
                        lowered = true
                        step *= 2
                    } else if step == 1 {
                        break
                    } else {
                        step = 1
                    }
                }
                if lowered { break }
            }
        }
    }

    mutating func deleteRenumbering() {
        // Lists: runs of adjacent innermost `element` spans, each element's value choices being
        // all but a leading "more" flag (a 1 first in a span of two or more).
        let elements = spans.filter { span in
            span.label == "element" && span.range.count > 0 && span.range.upperBound <= best.count
                && !spans.contains { $0.label == "element" && $0.range != span.range && span.encloses($0) }
        }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var lists: [[ChoiceSpan]] = []
        for element in elements {
            if let last = lists.last?.last, last.range.upperBound == element.range.lowerBound {
                lists[lists.count - 1].append(element)
            } else {
                lists.append([element])
            }
        }
        for list in lists.reversed() where list.count > 1 {
            for (deletedIndex, deleted) in list.enumerated().reversed() {
                var candidate = best
                for element in list where element.range != deleted.range {
                    let values = element.range.count > 1 && best[element.range.lowerBound] == 1 ? element.range.dropFirst() : element.range[...]
                    for position in values where candidate[position] > UInt64(deletedIndex) { candidate[position] -= 1 }
                }
                candidate.removeSubrange(deleted.range)
                if candidate != best, attempt(candidate) { return }
            }
        }
    }

    /// The label of each position's innermost (narrowest) span in the current best; "" for a
    /// position outside every span.
    func innermostLabels() -> [String] {
        var innermost = [String](repeating: "", count: best.count)
        var width = [Int](repeating: Int.max, count: best.count)
        for span in spans where !span.range.isEmpty {
            for position in span.range where position < best.count && span.range.count < width[position] {
                width[position] = span.range.count
                innermost[position] = span.label.name
            }
        }
        return innermost
    }

    /// The positions of the current best grouped by the label of their innermost span, in
    /// order of first appearance.
    func positionsByInnermostLabel() -> [[Int]] {
        let innermost = innermostLabels()
        var groups: [String: Int] = [:]
        var result: [[Int]] = []
        for position in best.indices {
            if let group = groups[innermost[position]] {
                result[group].append(position)
            } else {
                groups[innermost[position]] = result.count
                result.append([position])
            }
        }
        return result
    }

    /// The largest `k` with `works(k)`, assuming `works(0)` and that `works` mostly holds
    /// below its largest true point: 1…4 one by one, then doubling, then a binary search
    /// between the last true and the first false — O(log k) calls for a result k, and a
    /// single call when `works(1)` fails.
    static func findInteger(limit: UInt64, _ works: (UInt64) -> Bool) -> UInt64 {
        var found: UInt64 = 0
        for k in 1...min(4, max(limit, 1)) where k <= limit {
            guard works(k) else { return found }
            found = k
        }
        guard found == 4, limit > 4 else { return found }
        // Invariant: `works(low)`, and `high` fails or lies past the limit.
        var low: UInt64 = 4
        var high: UInt64 = 8
        while high <= limit, works(high) {
            low = high
            high = high > limit / 2 ? limit + 1 : high * 2
        }
        high = min(high, limit + 1)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if works(middle) { low = middle } else { high = middle }
        }
        return low
    }

    /// Moves value from each choice to the next three of the same kind: first all of it (the
    /// later choice clamps to its bound), then as much as still fails (`findInteger`).
    mutating func redistribute() {
        for group in positionsByInnermostLabel() where group.count > 1 {
            for (offset, first) in group.enumerated() {
                for second in group.dropFirst(offset + 1).prefix(3) {
                    guard second < best.count, best[first] > 0 else { continue }
                    let base = best
                    let (amount, target) = (base[first], base[second])
                    func moving(_ k: UInt64) -> [UInt64] {
                        var candidate = base
                        candidate[first] = amount - k
                        let (sum, overflow) = target.addingReportingOverflow(k)
                        candidate[second] = overflow ? UInt64.max : sum
                        return candidate
                    }
                    if attempt(moving(amount)) { continue }
                    if amount > target, attempt(moving(amount - target)) { continue }
                    // A step accepted earlier in a search moved the best on: a later, larger k
                    // is still measured from the same base.
                    let moved = Self.findInteger(limit: amount - 1) { k in attempt(moving(k)) || best == moving(k) }
                    // Steps of two keep the sign of a zig-zag encoded integer (0, 1, -1, 2, -2…).
                    if moved == 0, amount > 2 {
                        _ = Self.findInteger(limit: (amount - 1) / 2) { k in attempt(moving(2 * k)) || best == moving(2 * k) }
                    }
                }
            }
        }
    }

    /// Swaps neighbouring choices that are out of order (a sort, one swap at a time).
    mutating func swapNeighbours() {
        var position = 0
        while position + 1 < best.count {
            if best[position] > best[position + 1] {
                var candidate = best
                candidate.swapAt(position, position + 1)
                attempt(candidate)
            }
            position += 1
        }
    }
}
