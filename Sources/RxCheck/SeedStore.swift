import Foundation
import RxCore
import RxTestKit

/// One regression entry: a shrunk failing scenario and where it came from. The scenario is
/// stored as marbles, so it stays meaningful when generators change.
public struct SeedEntry: Equatable, Sendable {
    /// The property the case falsified.
    public var property: String
    /// The run's seed.
    public var seed: UInt64
    /// The case index within the run.
    public var caseIndex: Int
    /// When it was found (`yyyy-mm-dd`).
    public var date: String
    /// What the bug was, in one sentence.
    public var note: String
    /// The shrunk case.
    public var scenario: Scenario
    /// The line of the entry's header in its file (1-based; 0 when not read from a file).
    public var line: Int = 0

    public init(property: String, seed: UInt64, caseIndex: Int, date: String, note: String, scenario: Scenario) {
        self.property = property
        self.seed = seed
        self.caseIndex = caseIndex
        self.date = date
        self.note = note
        self.scenario = scenario
    }

    public static func == (lhs: SeedEntry, rhs: SeedEntry) -> Bool {
        lhs.property == rhs.property && lhs.seed == rhs.seed && lhs.caseIndex == rhs.caseIndex
            && lhs.date == rhs.date && lhs.note == rhs.note && lhs.scenario == rhs.scenario
    }
}

/// A seed file that does not parse: which file, which line, what is wrong.
public struct SeedFileError: Error, CustomStringConvertible, Equatable {
    public let file: String
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `Seeds/zip.matchesModel.seeds:12: …` — the compiler's format, so editors jump to it.
    public var description: String { "\(file):\(line): \(message)" }
}

/// The text format of `Seeds/`: one file per property, entries separated by blank lines.
///
/// ```
/// == combineLatest.matchesModel seed 5eed000020260001 case 4
/// date: 2026-11-21
/// note: completed when one source completed without a value
/// grid: 10 ticks per frame, column 0 = tick 200
/// s0 hot:   -|
/// s1 hot:   --
/// window:   ^------!
/// ```
/// A source line names its flavor: `hot`, `cold`, `synchronous` (every event in column 0) or
/// `behavior` (hot, handing its latest event over at each subscription).
/// Optional lines: `inner0 cold:` (inner sources), `ties 230: s1 s0 s0` (firing order of hot
/// events sharing a tick, one owner per event), `errors: s0=2` (error identities other than
/// 1), `legend: a=12` (values that are not one digit or letter), `parameters: 2 0`,
/// `subscribers: 300-500 400-1000` (further subscribers' windows).

extension SeedEntry {
    /// The largest tick magnitude, ticks per frame or grid origin an entry may state (10¹²):
    /// far beyond any test, and small enough that no arithmetic on ticks overflows.
    public static let tickLimit = 1_000_000_000_000

    /// The entry as text (no trailing blank line).
    public func text() -> String {
        let scenario = self.scenario
        let ticks = scenario.sources.flatMap { timeline in timeline.events.map { $0.tick } }
            + scenario.inners.flatMap { $0.events.map(\.tick) } + [scenario.subscribed, scenario.disposed]
        let hotTicks = (scenario.sources + scenario.inners).filter { $0.flavor.isHot }.flatMap { $0.events.map(\.tick) }
        let origin = min(scenario.subscribed, hotTicks.min() ?? scenario.subscribed)
        var step = 0
        for tick in ticks { step = gcd(step, abs(tick - origin)) }
        for timeline in scenario.sources + scenario.inners where timeline.flavor == .cold {
            for event in timeline.events { step = gcd(step, event.tick) }
        }
        step = max(step, 1)
        let legend = SeedLegend()
        var lines = [
            "== \(property) seed \(SeedFormat.format(seed)) case \(caseIndex)",
            "date: \(date)",
            "note: \(note)",
            "grid: \(step) ticks per frame, column 0 = tick \(origin)",
        ]
        var errors: [String] = []
        func draw(_ name: String, _ timeline: SourceTimeline) {
            let start = timeline.flavor.isHot ? origin : 0
            var frames: [(Int, [Character])] = []
            for event in timeline.events {
                let index = (event.tick - start) / step
                let symbol: Character
                switch event.value {
                case .next(let value): symbol = legend.symbol(value)
                case .completed: symbol = "|"
                case .error(let id):
                    symbol = "#"
                    if id != 1 { errors.append("\(name)=\(id)") }
                }
                if let last = frames.last, last.0 == index { frames[frames.count - 1].1.append(symbol) } else { frames.append((index, [symbol])) }
            }
            var text = ""
            var next = 0
            for (index, symbols) in frames {
                text += String(repeating: "-", count: index - next)
                text += symbols.count == 1 ? String(symbols) : "(" + String(symbols) + ")"
                next = index + 1
            }
            lines.append("\(name) \(timeline.flavor.rawValue): \(text)")
        }
        for (index, timeline) in scenario.sources.enumerated() { draw("s\(index)", timeline) }
        for (index, timeline) in scenario.inners.enumerated() { draw("inner\(index)", timeline) }
        let windowStart = (scenario.subscribed - origin) / step
        let windowEnd = (scenario.disposed - origin) / step
        let window = windowStart == windowEnd
            ? String(repeating: "-", count: windowStart) + "(^!)"
            : String(repeating: "-", count: windowStart) + "^" + String(repeating: "-", count: windowEnd - windowStart - 1) + "!"
        lines.append("window: \(window)")
        // Ties: only where the queue order differs from, or needs stating beyond, list order.
        var index = 0
        while index < scenario.hotOrder.count {
            let tick = scenario.event(scenario.hotOrder[index]).tick
            var owners: [String] = []
            while index < scenario.hotOrder.count, scenario.event(scenario.hotOrder[index]).tick == tick {
                let ref = scenario.hotOrder[index]
                owners.append(ref.inner ? "inner\(ref.source)" : "s\(ref.source)")
                index += 1
            }
            if Set(owners).count > 1 { lines.append("ties \(tick): " + owners.joined(separator: " ")) }
        }
        if !errors.isEmpty { lines.append("errors: " + errors.joined(separator: " ")) }
        if let legendLine = legend.line { lines.append(legendLine) }
        if !scenario.parameters.isEmpty { lines.append("parameters: " + scenario.parameters.map(String.init).joined(separator: " ")) }
        if let count = scenario.disposeInsideAfter { lines.append("dispose inside onNext after: \(count)") }
        if let feedback = scenario.feedback {
            let target = feedback.inner.map { " into inner\($0)" } ?? (feedback.source == 0 ? "" : " into s\(feedback.source)")
            lines.append("feedback: \(feedback.value) after \(feedback.after)" + target)
        }
        if !scenario.extraSubscribers.isEmpty {
            lines.append("subscribers: " + scenario.extraSubscribers.map { "\($0.subscribe)-\($0.unsubscribe)" }.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    /// Parses every entry of a seed file. `file` names it in errors.
    public static func parse(_ text: String, file: String) throws -> [SeedEntry] {
        var entries: [SeedEntry] = []
        var block: [(Int, String)] = []
        func flush() throws {
            if !block.isEmpty { entries.append(try parseEntry(block, file: file)) }
            block = []
        }
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
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
                        "dispose inside onNext after", "feedback"].contains(key) {
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
        // Ticks far beyond any test's stay out, so arithmetic on them cannot overflow.
        guard step <= SeedEntry.tickLimit, (-SeedEntry.tickLimit...SeedEntry.tickLimit).contains(origin) else {
            throw fail(gridLine, "ticks per frame and the tick of column 0 must lie within ±\(SeedEntry.tickLimit)")
        }
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
            if name == "s\(sources.count)" {
                sources.append(timeline)
            } else if name == "inner\(inners.count)" {
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
            func target(_ prefix: String, below count: Int) -> Int? {
                guard words.count == 5, words[3] == "into", words[4].hasPrefix(prefix) else { return nil }
                return Int(words[4].dropFirst(prefix.count)).flatMap { $0 >= 0 && $0 < count ? $0 : nil }
            }
            let inner = target("inner", below: inners.count)
            let source = target("s", below: sources.count)
            guard words.count == 3 || inner != nil || source != nil, words[1] == "after", let value = Int(words[0]),
                  let after = Int(words[2]), after > 0 else {
                throw fail(number, "expected 'feedback: VALUE after COUNT [into sK | into innerK]' with an existing source, found '\(text)'")
            }
            feedback = Scenario.Feedback(after: after, value: value, source: source ?? 0, inner: inner)
        }
        var scenario = Scenario(sources: sources, inners: inners, subscribed: window.subscribe, disposed: window.unsubscribe,
                                parameters: parameters, extraSubscribers: extraSubscribers, disposeInsideAfter: disposeInside,
                                feedback: feedback)
        for (number, tick, owners) in tieLines {
            let positions = scenario.hotOrder.indices.filter { scenario.event(scenario.hotOrder[$0]).tick == tick }
            let refs = positions.map { scenario.hotOrder[$0] }
            guard refs.count == owners.count else {
                throw fail(number, "ties at \(tick) name \(owners.count) events, the sources have \(refs.count) hot events there")
            }
            var remaining = refs
            var ordered: [HotEventRef] = []
            for owner in owners {
                guard let index = remaining.firstIndex(where: { ($0.inner ? "inner\($0.source)" : "s\($0.source)") == owner }) else {
                    throw fail(number, "ties at \(tick) name '\(owner)' more often than it has events there")
                }
                ordered.append(remaining.remove(at: index))
            }
            for (position, ref) in zip(positions, ordered) { scenario.hotOrder[position] = ref }
        }
        var entry = SeedEntry(property: parts[1], seed: seed, caseIndex: caseIndex, date: fields["date"]!.1,
                              note: fields["note"]!.1, scenario: scenario)
        entry.line = headerLine
        return entry
    }
}

/// Values one digit long stand for themselves; others get letters and a legend line.
private final class SeedLegend {
    private var letters: [Int: Character] = [:]
    private var pool = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    func symbol(_ value: Int) -> Character {
        if (0...9).contains(value) { return Character(String(value)) }
        if let known = letters[value] { return known }
        let letter = pool.removeFirst()
        letters[value] = letter
        return letter
    }

    var line: String? {
        letters.isEmpty ? nil : "legend: " + letters.sorted { $0.value < $1.value }.map { "\($0.value)=\($0.key)" }.joined(separator: " ")
    }
}

private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

/// The `Seeds/` folder: one `<property>.seeds` file per property.
public struct SeedStore: Sendable {
    /// The folder.
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// The file for `property` (characters unsafe in file names become `_`).
    public func file(for property: String) -> URL {
        let safe = String(property.map { $0.isLetter || $0.isNumber || "._-()".contains($0) ? $0 : "_" })
        return directory.appendingPathComponent(safe + ".seeds")
    }

    /// Every seed file, sorted by name.
    public func files() throws -> [URL] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let listed: [URL]
        do {
            listed = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        } catch {
            throw SeedFileError(file: directory.path, line: 0, message: "cannot list the folder: \(FilePaths.reason(error))")
        }
        return listed
            .filter { $0.pathExtension == "seeds" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Every entry of one file; errors name the file and line.
    public func entries(in file: URL) throws -> [SeedEntry] {
        try SeedEntry.parse(contents(of: file), file: file.path)
    }

    private func contents(of file: URL) throws -> String {
        if FilePaths.isFolder(file.path) == true {
            throw SeedFileError(file: file.path, line: 0, message: "is a folder, not a seed file")
        }
        do {
            return try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw SeedFileError(file: file.path, line: 0, message: "cannot read the file: \(FilePaths.reason(error))")
        }
    }

    /// Why an entry could not be saved here, or nil when it could: checked before a run that
    /// saves, so a bad folder is an error at once rather than a lost entry after the run.
    public func problemSaving() -> String? {
        // `save` creates a missing folder, so then its parent must take new files.
        let folder = FilePaths.isFolder(directory.path) == nil ? directory.deletingLastPathComponent() : directory
        return FilePaths.problemCreating(in: folder.path)
    }

    /// Appends `entry` unless the same shrunk case is already stored for its property.
    /// Writes a temporary file and renames it over the old one, so a crash never leaves a
    /// half-written file. Returns false when the entry was already there.
    ///
    /// Writers take an exclusive lock on the folder for the read, append and rename, so
    /// processes (nightly shards sharing `--seeds`) and threads saving at once never drop an
    /// entry.
    @discardableResult
    public func save(_ entry: SeedEntry) throws -> Bool {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SeedFileError(file: directory.path, line: 0, message: "cannot create the folder: \(FilePaths.reason(error))")
        }
        return try whileLocked { try appendLocked(entry) }
    }

    /// Runs `body` holding an exclusive `flock` on the folder itself (no lock file is left).
    private func whileLocked<T>(_ body: () throws -> T) throws -> T {
        let descriptor = open(directory.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw SeedFileError(file: directory.path, line: 0, message: "cannot open the folder: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw SeedFileError(file: directory.path, line: 0, message: "cannot lock the folder: \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private func appendLocked(_ entry: SeedEntry) throws -> Bool {
        let url = file(for: entry.property)
        var existing: [SeedEntry] = []
        var text = "# RxCheck regression seeds for \(entry.property); `swift test` replays every entry first.\n"
        if FileManager.default.fileExists(atPath: url.path) {
            text = try contents(of: url)
            existing = try SeedEntry.parse(text, file: url.path)
        }
        if existing.contains(where: { $0.property == entry.property && $0.scenario == entry.scenario }) { return false }
        if !text.hasSuffix("\n") { text += "\n" }
        text += "\n" + entry.text() + "\n"
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            throw SeedFileError(file: temporary.path, line: 0, message: "cannot write the file: \(FilePaths.reason(error))")
        }
        if rename(temporary.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw SeedFileError(file: url.path, line: 0, message: "cannot replace the file: \(String(cString: strerror(code)))")
        }
        return true
    }
}
