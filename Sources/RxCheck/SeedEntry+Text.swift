import Foundation
import RxCore
import RxTestKit

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
/// `subscribers: 300-500 400-1000` (further subscribers' windows), `subscriber action: window1
/// disposes window2 at its element 1` (one subscriber acting on another inside its `onNext`).

extension SeedEntry {
    /// The largest tick magnitude a case may have and still run (10¹²): far beyond any test, and
    /// small enough that no arithmetic on ticks overflows. A scenario property refuses a case
    /// with a tick beyond it (`ScenarioShape.refusal(of:)`); an extra subscriber's window must
    /// lie within it to be read at all.
    public static let tickLimit = 1_000_000_000_000

    /// The entry as text (no trailing blank line). Timelines are drawn by the same
    /// `MarbleSheet` and `MarbleLegend` as every report, on a grid of no width limit.
    public func text() -> String {
        let scenario = self.scenario
        // Subscribers are written as numbers, so only what is drawn sets the grid: the text is
        // then never wider than the diagrams the entry was read from.
        var sheet = scenario.sheet(subscribers: false)
        sheet.maxFrames = .max
        let legend = MarbleLegend()
        var lines = [
            "== \(property) seed \(SeedFormat.format(seed)) case \(caseIndex)",
            "date: \(date)",
            "note: \(note)",
            "grid: \(sheet.ticksPerFrame) ticks per frame, column 0 = tick \(sheet.origin)",
        ]
        var errors: [String] = []
        for (name, timeline) in scenario.namedTimelines {
            for case .error(let id) in timeline.events.map(\.value) where id != 1 { errors.append("\(name)=\(id)") }
            let drawing = timeline.events.isEmpty ? "" : sheet.draw(timeline.recorded, origin: timeline.flavor.isHot ? nil : 0, legend: legend)
            lines.append("\(name) \(timeline.flavor.rawValue): \(drawing)")
        }
        let window = (try? Marbles.diagram(Subscription(scenario.subscribed, scenario.disposed), ticksPerFrame: sheet.ticksPerFrame,
                                           origin: sheet.origin)) ?? ""
        lines.append("window: \(window)")
        for tie in scenario.ties() { lines.append("ties \(tie.tick): " + tie.owners.map(\.description).joined(separator: " ")) }
        if !errors.isEmpty { lines.append("errors: " + errors.joined(separator: " ")) }
        if let legendLine = legend.line(separator: " ") { lines.append(legendLine) }
        if !scenario.parameters.isEmpty { lines.append("parameters: " + scenario.parameters.map(String.init).joined(separator: " ")) }
        if let count = scenario.disposeInsideAfter { lines.append("dispose inside onNext after: \(count)") }
        if let feedback = scenario.feedback {
            lines.append("feedback: \(feedback.value) after \(feedback.after)" + (feedback.target == .source(0) ? "" : " into \(feedback.target)"))
        }
        if !scenario.extraSubscribers.isEmpty {
            lines.append("subscribers: " + scenario.extraSubscribers.map { "\($0.subscribe)-\($0.unsubscribe)" }.joined(separator: " "))
        }
        if let action = scenario.subscriberAction { lines.append("subscriber action: " + action.description) }
        return lines.joined(separator: "\n")
    }
}
