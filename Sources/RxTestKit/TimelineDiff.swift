import RxCore

/// A readable comparison of two recorded timelines, aligned with `CollectionDifference` so one
/// extra event shows as one line, not as every later line being wrong.
public enum TimelineDiff {
    /// Nil when equal; otherwise a legend, then one line per event: `  ` unchanged,
    /// `- ` expected only, `+ ` actual only. Long unchanged runs collapse to `… (N unchanged)`.
    /// `labels` name the two sides in the legend (a property comparing two runs says so).
    @_specialize(where Element == Int)
    public static func describe<Element: Equatable>(
        expected: [Recorded<Event<Element>>], actual: [Recorded<Event<Element>>], context: Int = 2,
        labels: (String, String) = ("expected", "actual")
    ) -> String? {
        guard expected != actual else { return nil }
        return lines(expected: expected.descriptions(), actual: actual.descriptions(), equal: false, context: context, labels: labels)
    }

    /// The same for subscription logs.
    public static func describe(expected: [Subscription], actual: [Subscription], context: Int = 2) -> String? {
        lines(expected: expected.map { $0.description }, actual: actual.map { $0.description },
              equal: expected == actual, context: context)
    }

    /// The index of the first element at which two sequences differ, or nil when equal.
    public static func firstDifference<Value: Equatable>(_ expected: [Value], _ actual: [Value]) -> Int? {
        for index in 0..<max(expected.count, actual.count) {
            if index >= expected.count || index >= actual.count || expected[index] != actual[index] { return index }
        }
        return nil
    }

    static func lines(expected: [String], actual: [String], equal: Bool, context: Int,
                      labels: (String, String) = ("expected", "actual")) -> String? {
        guard !equal else { return nil }
        // Align only what lies between the common head and tail: Myers' search costs the
        // lines times the edits, so a thousand-line outcome against an empty one would
        // otherwise take milliseconds — on every candidate a shrinker tries.
        var head = 0
        while head < expected.count, head < actual.count, expected[head] == actual[head] { head += 1 }
        var tail = 0
        while tail < expected.count - head, tail < actual.count - head,
              expected[expected.count - 1 - tail] == actual[actual.count - 1 - tail] { tail += 1 }
        let expectedMiddle = head..<(expected.count - tail), actualMiddle = head..<(actual.count - tail)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        if expectedMiddle.isEmpty || actualMiddle.isEmpty {
            removed.formUnion(expectedMiddle)
            inserted.formUnion(actualMiddle)
        } else {
            for change in actual[actualMiddle].difference(from: expected[expectedMiddle]) {
                switch change {
                case .remove(let offset, _, _): removed.insert(head + offset)
                case .insert(let offset, _, _): inserted.insert(head + offset)
                }
            }
        }
        enum Line { case same(String), removed(String), inserted(String) }
        var merged: [Line] = []
        var e = 0
        var a = 0
        while e < expected.count || a < actual.count {
            if e < expected.count && removed.contains(e) {
                merged.append(.removed(expected[e])); e += 1
            } else if a < actual.count && inserted.contains(a) {
                merged.append(.inserted(actual[a])); a += 1
            } else if e < expected.count && a < actual.count {
                merged.append(.same(expected[e])); e += 1; a += 1
            } else if e < expected.count {
                merged.append(.removed(expected[e])); e += 1
            } else {
                merged.append(.inserted(actual[a])); a += 1
            }
        }
        var keep = Array(repeating: false, count: merged.count)
        for (index, line) in merged.enumerated() {
            if case .same = line { continue }
            for near in max(0, index - context)...min(merged.count - 1, index + context) { keep[near] = true }
        }
        var output = ["(- \(labels.0), + \(labels.1))"]
        var skipped = 0
        for (index, line) in merged.enumerated() {
            guard keep[index] else { skipped += 1; continue }
            if skipped > 0 {
                output.append("  … (\(skipped) unchanged)")
                skipped = 0
            }
            switch line {
            case .same(let text): output.append("  " + text)
            case .removed(let text): output.append("- " + text)
            case .inserted(let text): output.append("+ " + text)
            }
        }
        if skipped > 0 { output.append("  … (\(skipped) unchanged)") }
        return output.joined(separator: "\n")
    }
}
