// The marble parser and printer under fuzzing: a diagram is accepted or refused at a column, and
// what it accepts prints back to a diagram that parses to the same timeline.

import RxCore
import RxTestKit

extension FuzzTarget {
    /// `TICKS ORIGIN DIAGRAM`: the diagram read with that grid, printed, and read again.
    public static let marbles = FuzzTarget(
        name: "marbles",
        summary: "marble diagrams: accepted or refused at a column; an accepted one prints back to the same timeline",
        corpus: {
            ["10 200 -a-(bc)--|", "1 0 ^-1-2-#", "10 0 --(^a)-b|", "5 -100 ab--(12)|", "10 200 ^---!",
             "3 7 a^-b", "10 0 (ab)(cd)-|", "1000000000000 -1000000000000 a-b"].map { Array($0.utf8) }
        },
        check: { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard words.count == 3, let step = Int(words[0]), let origin = Int(words[1]),
                  step > 0, step <= 1_000_000_000_000, (-1_000_000_000_000...1_000_000_000_000).contains(origin) else { return nil }
            let marble = String(words[2])
            if marble.contains("!") { return MarbleRoundTrip.subscription(marble, step: step, origin: origin) }
            return MarbleRoundTrip.events(marble, step: step, origin: origin)
        })
}

enum MarbleRoundTrip {
    /// Letters stand for 10 and up; digits for themselves.
    static let legend: [Character: Int] = Dictionary(uniqueKeysWithValues: "abcdefghijklmnopqrstuvwxyz".enumerated().map { ($1, 10 + $0) })

    static func events(_ marble: String, step: Int, origin: Int) -> String? {
        guard let events = try? Marbles.events(marble, values: legend, ticksPerFrame: step, origin: origin) else { return nil }
        let subscribed = marble.contains("^") ? origin : nil
        let start = min(origin, events.first?.time ?? origin)
        let names = Dictionary(uniqueKeysWithValues: legend.map { ($1, $0) })
        let printed: String
        do {
            printed = try Marbles.diagram(events, ticksPerFrame: step, origin: start, subscribed: subscribed) { value in
                names[value] ?? Character(String(value))
            }
        } catch {
            return "'\(marble)' parses, but does not print: \(error)"
        }
        if printed.count > 2 * marble.count + 4 { return "'\(marble)' prints to \(printed.count) characters" }
        guard let again = try? Marbles.events(printed, values: legend, ticksPerFrame: step, origin: subscribed == nil ? start : origin),
              again == events else {
            return "'\(marble)' prints as '\(printed)', which reads as another timeline"
        }
        return nil
    }

    static func subscription(_ marble: String, step: Int, origin: Int) -> String? {
        guard let subscription = try? Marbles.subscription(marble, ticksPerFrame: step, origin: origin) else { return nil }
        let printed: String
        do {
            printed = try Marbles.diagram(subscription, ticksPerFrame: step, origin: origin)
        } catch {
            return "'\(marble)' parses, but does not print: \(error)"
        }
        if printed.count > marble.count + 4 { return "'\(marble)' prints to \(printed.count) characters" }
        guard let again = try? Marbles.subscription(printed, ticksPerFrame: step, origin: origin), again == subscription else {
            return "'\(marble)' prints as '\(printed)', which reads as another subscription"
        }
        return nil
    }
}
