import Foundation
import RxCore
import RxTestKit

extension SeedEntry {
    /// Parses every entry of a seed file. `file` names it in errors.
    public static func parse(_ text: String, file: String) throws -> [SeedEntry] {
        var entries: [SeedEntry] = []
        var block: [(Int, String)] = []
        func flush() throws {
            if !block.isEmpty { entries.append(try parseEntry(block, file: file)) }
            block = []
        }
        // A line ends at LF, CRLF or a lone CR: a file saved with Windows line endings reads the
        // same. (In Swift a CRLF is one Character, so splitting at "\n" alone would not split it.)
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (offset, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") { continue }
            if line.isEmpty { try flush(); continue }
            if line.hasPrefix("==") { try flush() }
            block.append((offset + 1, line))
        }
        try flush()
        return entries
    }

    private static func parseEntry(_ block: [(Int, String)], file: String) throws -> SeedEntry {
        func fail(_ line: Int, _ message: String) -> SeedFileError { SeedFileError(file: file, line: line, message: message) }
        let (headerLine, header) = block[0]
        // The property name may contain spaces (`throttle(latest: true)`): read from the right.
        let words = header.split(separator: " ").map(String.init)
        guard words.count >= 6, words[0] == "==", words[words.count - 4] == "seed", words[words.count - 2] == "case" else {
            throw fail(headerLine, "expected '== PROPERTY seed HEX case K', found '\(header)'")
        }
        let parts = ["==", words[1..<(words.count - 4)].joined(separator: " ")] + Array(words.suffix(4))
        guard let seed = SeedFormat.parse(parts[3]) else { throw fail(headerLine, "'\(parts[3])' is not a 16-digit hex seed") }
        guard let caseIndex = Int(parts[5]), caseIndex >= 0 else { throw fail(headerLine, "'\(parts[5])' is not a case index") }
        var fields: [String: (Int, String)] = [:]
        var sourceLines: [(Int, String, SourceTimeline.Flavor, String)] = []
        var tieLines: [(Int, Int, [String])] = []
        for (number, line) in block.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw fail(number, "expected 'name: value', found '\(line)'") }
            let key = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            let keyParts = key.split(separator: " ").map(String.init)
            if keyParts.count == 2, let flavor = SourceTimeline.Flavor(rawValue: keyParts[1]) {
                sourceLines.append((number, keyParts[0], flavor, value))
            } else if keyParts.count == 2, keyParts[0] == "ties" {
                guard let tick = Int(keyParts[1]) else { throw fail(number, "'\(keyParts[1])' is not a tick") }
                tieLines.append((number, tick, value.split(separator: " ").map(String.init)))
            } else if ["date", "note", "grid", "window", "errors", "legend", "parameters", "subscribers",
                        "dispose inside onNext after", "feedback", "subscriber action"].contains(key) {
                if fields[key] != nil { throw fail(number, "a second '\(key):' line") }
                fields[key] = (number, value)
            } else {
                throw fail(number, "unknown line '\(key):'")
            }
        }
        for required in ["date", "note", "grid", "window"] where fields[required] == nil {
            throw fail(headerLine, "entry has no '\(required):' line")
        }
        let (gridLine, grid) = fields["grid"]!
        let gridWords = grid.split(separator: " ").map(String.init)
        guard gridWords.count == 9, let step = Int(gridWords[0]), step > 0, let origin = Int(gridWords[8]) else {
            throw fail(gridLine, "expected 'grid: N ticks per frame, column 0 = tick T', found '\(grid)'")
        }
        // Any grid whose ticks fit an Int reads (the marble parser refuses a frame past that),
        // so whatever grid an entry prints with reads back. Whether its ticks are small enough
        // to run is the property's to say (`ScenarioShape.refusal(of:)`).
        var legend: [Character: Int] = [:]
        if let (number, text) = fields["legend"] {
            for item in text.split(separator: " ") {
                let pair = item.split(separator: "=")
                guard pair.count == 2, pair[0].count == 1, let value = Int(pair[1]) else {
                    throw fail(number, "expected 'legend: a=12 b=13', found '\(item)'")
                }
                legend[pair[0].first!] = value
            }
        }
        var errorIDs: [String: Int] = [:]
        if let (number, text) = fields["errors"] {
            for item in text.split(separator: " ") {
                let pair = item.split(separator: "=")
                guard pair.count == 2, let id = Int(pair[1]) else { throw fail(number, "expected 'errors: s0=2', found '\(item)'") }
                errorIDs[String(pair[0])] = id
            }
        }
        var sources: [SourceTimeline] = []
        var inners: [SourceTimeline] = []
        for (number, name, flavor, marble) in sourceLines {
            // A cold or synchronous source is drawn from its own subscription: a '^' would move
            // its events before it, which no subscription can deliver.
            if !flavor.isHot, let column = marble.firstIndex(of: "^").map({ marble.distance(from: marble.startIndex, to: $0) + 1 }) {
                throw fail(number, "\(name): column \(column): '^' marks a hot source's subscription; a \(flavor.rawValue) source starts at its own")
            }
            let identity = errorIDs[name] ?? 1
            let recorded: [Recorded<Event<Int>>]
            do {
                recorded = try Marbles.events(marble, values: legend, error: TestError(identity), ticksPerFrame: step,
                                              origin: flavor.isHot ? origin : 0)
            } catch let error as MarbleSyntaxError {
                throw fail(number, "\(name): column \(error.column): \(error.message)")
            }
            if flavor == .synchronous, let late = recorded.first(where: { $0.time != 0 }) {
                throw fail(number, "\(name): a synchronous source emits everything as it is subscribed, "
                           + "so its events stand in the first column (one at tick \(late.time))")
            }
            let events = recorded.map { recorded -> TimelineEvent in
                switch recorded.value {
                case .next(let value): return TimelineEvent(recorded.time, .next(value))
                case .completed: return TimelineEvent(recorded.time, .completed)
                case .error: return TimelineEvent(recorded.time, .error(identity))
                }
            }
            let timeline = SourceTimeline(flavor, events)
            if SourceName(name) == .source(sources.count) {
                sources.append(timeline)
            } else if SourceName(name) == .inner(inners.count) {
                inners.append(timeline)
            } else {
                throw fail(number, "expected source 's\(sources.count)' or 'inner\(inners.count)' next, found '\(name)'")
            }
        }
        let (windowLine, windowText) = fields["window"]!
        let window: Subscription
        do {
            window = try Marbles.subscription(windowText, ticksPerFrame: step, origin: origin)
        } catch let error as MarbleSyntaxError {
            throw fail(windowLine, "window: column \(error.column): \(error.message)")
        }
        guard window.unsubscribe != Int.max else { throw fail(windowLine, "window has no '!'") }
        var parameters: [Int] = []
        if let (number, text) = fields["parameters"] {
            for word in text.split(separator: " ") {
                guard let value = Int(word) else { throw fail(number, "'\(word)' is not a number") }
                parameters.append(value)
            }
        }
        var extraSubscribers: [Subscription] = []
        if let (number, text) = fields["subscribers"] {
            for word in text.split(separator: " ") {
                let ticks = word.split(separator: "-").compactMap { Int($0) }.filter { (-SeedEntry.tickLimit...SeedEntry.tickLimit).contains($0) }
                guard ticks.count == 2, ticks[0] <= ticks[1] else {
                    throw fail(number, "expected 'subscribers: 300-500 400-1000', found '\(word)'")
                }
                extraSubscribers.append(Subscription(ticks[0], ticks[1]))
            }
        }
        var disposeInside: Int?
        if let (number, text) = fields["dispose inside onNext after"] {
            guard let count = Int(text), count > 0 else { throw fail(number, "'\(text)' is not a positive number of events") }
            disposeInside = count
        }
        var feedback: Scenario.Feedback?
        if let (number, text) = fields["feedback"] {
            let words = text.split(separator: " ")
            let target = words.count == 5 && words[3] == "into" ? SourceName(String(words[4])) : nil
            let targetExists = target.map { $0.index < ($0.isInner ? inners.count : sources.count) } ?? false
            guard words.count == 3 || targetExists, words[1] == "after", let value = Int(words[0]),
                  let after = Int(words[2]), after > 0 else {
                throw fail(number, "expected 'feedback: VALUE after COUNT [into sK | into innerK]' with an existing source, found '\(text)'")
            }
            feedback = Scenario.Feedback(after: after, value: value, source: target.flatMap { $0.isInner ? nil : $0.index } ?? 0,
                                         inner: target.flatMap { $0.isInner ? $0.index : nil })
        }
        var subscriberAction: Scenario.SubscriberAction?
        if let (number, text) = fields["subscriber action"] {
            let words = text.split(separator: " ").map(String.init)
            let kinds: [String: Scenario.SubscriberAction.Kind] = ["disposes": .dispose, "subscribes": .subscribe]
            guard words.count == 7, words[3...5] == ["at", "its", "element"], let kind = kinds[words[1]],
                  let actor = Scenario.SubscriberAction.subscriber(named: words[0]),
                  let target = Scenario.SubscriberAction.subscriber(named: words[2]), let after = Int(words[6]),
                  case let action = Scenario.SubscriberAction(kind, actor: actor, after: after, target: target),
                  action.fits(subscribers: 1 + extraSubscribers.count) else {
                throw fail(number, "expected 'subscriber action: windowI disposes|subscribes windowJ at its element COUNT' "
                    + "naming two different windows (a subscribed one extra), found '\(text)'")
            }
            subscriberAction = action
        }
        var scenario = Scenario(sources: sources, inners: inners, subscribed: window.subscribe, disposed: window.unsubscribe,
                                parameters: parameters, extraSubscribers: extraSubscribers, disposeInsideAfter: disposeInside,
                                feedback: feedback, subscriberAction: subscriberAction)
        // Where each tick's hot events stand in the hot order (ticks never fall along it), so
        // every tie line is read in time linear in its own length.
        var positionsAt: [Int: Range<Int>] = [:]
        var start = 0
        while start < scenario.hotOrder.count {
            let tick = scenario.event(scenario.hotOrder[start]).tick
            var end = start + 1
            while end < scenario.hotOrder.count, scenario.event(scenario.hotOrder[end]).tick == tick { end += 1 }
            positionsAt[tick] = start..<end
            start = end
        }
        var tiedTicks = Set<Int>()
        for (number, tick, owners) in tieLines {
            guard tiedTicks.insert(tick).inserted else { throw fail(number, "a second 'ties \(tick):' line") }
            let positions = positionsAt[tick] ?? 0..<0
            guard positions.count == owners.count else {
                throw fail(number, "ties at \(tick) name \(owners.count) events, the sources have \(positions.count) hot events there")
            }
            // Each owner's events at this tick, in list order, taken one by one.
            var queues: [SourceName: ArraySlice<HotEventRef>] = [:]
            for position in positions { queues[scenario.hotOrder[position].sourceName, default: []].append(scenario.hotOrder[position]) }
            var ordered: [HotEventRef] = []
            ordered.reserveCapacity(owners.count)
            for owner in owners {
                guard let name = SourceName(owner), let next = queues[name]?.popFirst() else {
                    throw fail(number, "ties at \(tick) name '\(owner)' more often than it has events there")
                }
                ordered.append(next)
            }
            for (position, ref) in zip(positions, ordered) { scenario.hotOrder[position] = ref }
        }
        var entry = SeedEntry(property: parts[1], seed: seed, caseIndex: caseIndex, date: fields["date"]!.1,
                              note: fields["note"]!.1, scenario: scenario)
        entry.line = headerLine
        return entry
    }
}
