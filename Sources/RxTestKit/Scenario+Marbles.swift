import RxCore

/// Assigns one marble character to each distinct value: a one-character letter or digit stands
/// for itself, anything else gets the next free letter and a legend entry (`a=(1, 3)`).
public final class MarbleLegend {
    private var symbols: [String: Character] = [:]
    private var used = Set<Character>()
    private var entries: [(Character, String)] = []
    private var pool = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private var poolIndex = 0
    /// Past the ASCII letters, the next Unicode scalar to try: the legend never runs out, so any
    /// number of distinct values still draws as a diagram that parses back.
    private var nextScalar: UInt32 = 0xC0

    /// A legend with no value assigned yet.
    public init() {}

    /// The character for a value's description.
    public func symbol(for description: String) -> Character {
        if let known = symbols[description] { return known }
        let symbol: Character
        if description.count == 1, let only = description.first, only.isLetter || only.isNumber, !used.contains(only) {
            symbol = only
        } else {
            symbol = nextFreeSymbol()
            entries.append((symbol, description))
        }
        used.insert(symbol)
        symbols[description] = symbol
        return symbol
    }

    /// The next letter no value uses yet: a–z, A–Z, then single-scalar letters beyond ASCII
    /// that are no digit and no space (the marble parser reads any letter as a value).
    private func nextFreeSymbol() -> Character {
        while poolIndex < pool.count {
            let candidate = pool[poolIndex]
            poolIndex += 1
            if !used.contains(candidate) { return candidate }
        }
        while nextScalar < 0x10FFFF {
            defer { nextScalar += 1 }
            guard let scalar = Unicode.Scalar(nextScalar) else { continue }
            let candidate = Character(scalar)
            if candidate.isLetter, candidate.wholeNumberValue == nil, !candidate.isWhitespace,
               String(candidate).unicodeScalars.count == 1, !used.contains(candidate) {
                return candidate
            }
        }
        return "?"
    }

    /// `legend: a=(1, 3), b=12`, or nil when every value stands for itself.
    public var line: String? { line(separator: ", ") }

    /// The legend with its entries joined by `separator` (the Seeds format uses spaces).
    public func line(separator: String) -> String? {
        entries.isEmpty ? nil : "legend: " + entries.map { "\($0.0)=\($0.1)" }.joined(separator: separator)
    }
}

/// Lays several timelines on one frame grid so they can be read top to bottom.
public struct MarbleSheet {
    /// Ticks per frame.
    public let ticksPerFrame: Int
    /// The tick of column 0.
    public let origin: Int
    /// The widest diagram this sheet draws; longer timelines fall back to event lists (the
    /// Seeds format sets no limit).
    public var maxFrames = 120

    /// A grid fitting every tick in `ticks` (the gcd of their distances from `origin`).
    public init(ticks: [Int], origin: Int) {
        var step = 0
        for tick in ticks where tick != Int.max {
            // A distance that does not fit an Int leaves the grid alone; such a tick then draws
            // as an event list rather than trapping.
            let (distance, overflow) = tick.subtractingReportingOverflow(origin)
            guard !overflow, distance != Int.min else { continue }
            step = gcd(step, abs(distance))
        }
        self.ticksPerFrame = max(step, 1)
        self.origin = origin
    }

    /// `frame = 10 ticks, column 0 = tick 200`.
    public var header: String { "1 frame = \(ticksPerFrame) tick\(ticksPerFrame == 1 ? "" : "s"), column 0 = tick \(origin)" }

    /// A diagram of `events`, or an event list when it would be too wide or off the grid.
    public func draw<Element>(_ events: [Recorded<Event<Element>>], origin: Int? = nil, subscribed: Int? = nil,
                              legend: MarbleLegend) -> String {
        draw(events, origin: origin, subscribed: subscribed, legend: legend,
             describe: { "\($0)" }, list: { events.map { $0.description } })
    }

    /// The same for values that can be compared: a run of equal values is described once.
    @_specialize(where Element == Int)
    public func draw<Element: Equatable>(_ events: [Recorded<Event<Element>>], origin: Int? = nil, subscribed: Int? = nil,
                                         legend: MarbleLegend) -> String {
        var describe = RepeatingDescriber<Element>()
        return draw(events, origin: origin, subscribed: subscribed, legend: legend,
                    describe: { describe($0) }, list: { events.descriptions() })
    }

    /// Both `draw`s: `describe` names an element for the legend, `list` gives the events' lines.
    private func draw<Element>(_ events: [Recorded<Event<Element>>], origin: Int?, subscribed: Int?, legend: MarbleLegend,
                               describe: (Element) -> String, list: () -> [String]) -> String {
        let start = origin ?? self.origin
        let last = events.last.map { ($0.time - start) / ticksPerFrame } ?? 0
        if last <= maxFrames,
           let diagram = try? Marbles.diagram(events, ticksPerFrame: ticksPerFrame, origin: start,
                                              subscribed: subscribed, symbol: { legend.symbol(for: describe($0)) }) {
            return diagram.isEmpty ? "(nothing)" : diagram
        }
        return events.isEmpty ? "(nothing)" : list().joined(separator: ", ")
    }

    /// A subscription diagram, or `(200, 1000)` text when off the grid or too wide.
    public func draw(_ subscription: Subscription) -> String {
        let end = subscription.unsubscribe == Int.max ? subscription.subscribe : subscription.unsubscribe
        if (end - origin) / ticksPerFrame <= maxFrames,
           let diagram = try? Marbles.diagram(subscription, ticksPerFrame: ticksPerFrame, origin: origin) {
            return diagram + "   \(subscription)"
        }
        return subscription.description
    }
}

private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

extension Scenario {
    /// Every source, then every inner source, with its name.
    public var namedTimelines: [(name: SourceName, timeline: SourceTimeline)] {
        sources.enumerated().map { (SourceName.source($0.offset), $0.element) }
            + inners.enumerated().map { (SourceName.inner($0.offset), $0.element) }
    }

    /// All ticks the scenario's picture needs on its grid; the extra subscribers' windows only
    /// when they are drawn too.
    func gridTicks(subscribers: Bool = true) -> [Int] {
        var ticks = [subscribed, disposed] + (subscribers ? extraSubscribers.flatMap { [$0.subscribe, $0.unsubscribe] } : [])
        for timeline in sources + inners {
            for event in timeline.events {
                ticks.append(timeline.flavor.isHot ? event.tick : subscribed + event.tick)
            }
        }
        return ticks
    }

    /// A sheet for this scenario: column 0 at the subscription tick or the earliest hot event.
    /// Without `subscribers`, the extra subscribers' windows do not shape the grid (the Seeds
    /// format writes them as numbers): its frames are then never narrower, nor the diagrams
    /// wider, than the drawn timelines need.
    public func sheet(extraTicks: [Int] = [], subscribers: Bool = true) -> MarbleSheet {
        let hotTicks = (sources + inners).filter { $0.flavor.isHot }.flatMap { $0.events.map(\.tick) }
        let origin = min(subscribed, hotTicks.min() ?? subscribed)
        return MarbleSheet(ticks: gridTicks(subscribers: subscribers) + extraTicks, origin: origin)
    }

    /// The scenario as labelled marble lines. Hot sources are drawn on the absolute grid with
    /// `^` at the subscription tick; cold ones from their own subscription (offset 0).
    public func marbleLines(sheet: MarbleSheet, legend: MarbleLegend, sourceNames: [String]? = nil) -> [(String, String)] {
        var lines: [(String, String)] = []
        func add(_ name: String, _ timeline: SourceTimeline) {
            if timeline.flavor.isHot {
                lines.append(("\(name) \(timeline.flavor.rawValue)", sheet.draw(timeline.recorded, legend: legend)))
            } else {
                lines.append(("\(name) \(timeline.flavor.rawValue)", sheet.draw(timeline.recorded, origin: 0, legend: legend)))
            }
        }
        for (index, timeline) in sources.enumerated() {
            add(sourceNames?[safe: index] ?? SourceName.source(index).description, timeline)
        }
        for (index, timeline) in inners.enumerated() {
            add(SourceName.inner(index).description, timeline)
        }
        lines.append(("window", sheet.draw(Subscription(subscribed, disposed))))
        for (index, window) in extraSubscribers.enumerated() {
            lines.append(("window\(index + 1)", sheet.draw(window)))
        }
        if !parameters.isEmpty {
            lines.append(("parameters", parameters.map(String.init).joined(separator: ", ")))
        }
        if let feedback {
            lines.append(("observer", "sends \(feedback.value) back into \(feedback.target) at its event \(feedback.after)"))
        }
        if let count = disposeInsideAfter {
            lines.append(("observer", "disposes inside onNext after \(count) event\(count == 1 ? "" : "s")"))
        }
        if let subscriberAction {
            lines.append(("subscribers", subscriberAction.description))
        }
        return lines
    }

    /// The ticks at which hot events of more than one source fire, with the owner of every
    /// event there in firing order — what a picture must state beyond the diagrams.
    public func ties() -> [(tick: Int, owners: [SourceName])] {
        var ties: [(tick: Int, owners: [SourceName])] = []
        var index = 0
        while index < hotOrder.count {
            let tick = event(hotOrder[index]).tick
            var owners: [SourceName] = []
            while index < hotOrder.count, event(hotOrder[index]).tick == tick {
                owners.append(hotOrder[index].sourceName)
                index += 1
            }
            if Set(owners).count > 1 { ties.append((tick, owners)) }
        }
        return ties
    }

    /// Ties between hot events of different sources at one tick, in firing order, a run of
    /// events of one source named once: `at 230: s1, s0`. Empty when no such tie exists.
    public func tieLines(sourceNames: [String]? = nil) -> [String] {
        ties().map { tie in
            var distinct: [String] = []
            for owner in tie.owners {
                let name = owner.isInner ? owner.description : (sourceNames?[safe: owner.index] ?? owner.description)
                if distinct.last != name { distinct.append(name) }
            }
            return "at \(tie.tick): " + distinct.joined(separator: ", ")
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
