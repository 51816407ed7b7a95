import Foundation
import RxCheck
import RxTestKit

// Report rendering lives with the command line: the engine produces the report as data
// (`NightlyReport`, its JSON), and the tool turns it into what CI systems and people read.
extension NightlyReport {
    /// JUnit XML: one test case per property; each failure carries its marble report; a
    /// property that ran no case is `skipped`.
    package func junit() -> String {
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        xml.append("<testsuites name=\"rxcheck\" tests=\"\(properties.count)\" failures=\"\(properties.filter { $0.failures > 0 }.count)\" skipped=\"\(properties.filter(Self.notRun).count)\" time=\"\(String(format: "%.3f", seconds))\">")
        // Grouped in one pass each, so the page takes time linear in the report's size.
        var groups: [String] = []
        var membersOf: [String: [PropertyTotals]] = [:]
        for property in properties {
            if membersOf[property.group] == nil { groups.append(property.group) }
            membersOf[property.group, default: []].append(property)
        }
        var failuresOf: [String: [Failure]] = [:]
        for failure in failures { failuresOf[failure.property, default: []].append(failure) }
        var listed = Set<String>()
        for group in groups {
            let members = membersOf[group] ?? []
            xml.append("  <testsuite name=\"\(escape(group))\" tests=\"\(members.count)\" failures=\"\(members.filter { $0.failures > 0 }.count)\" skipped=\"\(members.filter(Self.notRun).count)\">")
            for property in members {
                // A property named twice lists its failures once.
                let found = listed.insert(property.name).inserted ? failuresOf[property.name] ?? [] : []
                if found.isEmpty && Self.notRun(property) {
                    let reason = interrupted ? "not run: the run was interrupted before any case of it" : "not run: no case of it was drawn"
                    xml.append("    <testcase classname=\"\(escape(group))\" name=\"\(escape(property.name))\"><skipped message=\"\(reason)\"/></testcase>")
                    continue
                }
                if found.isEmpty {
                    xml.append("    <testcase classname=\"\(escape(group))\" name=\"\(escape(property.name))\"><system-out>\(property.cases) cases</system-out></testcase>")
                    continue
                }
                xml.append("    <testcase classname=\"\(escape(group))\" name=\"\(escape(property.name))\">")
                for failure in found {
                    let body = ([failure.headline] + failure.details + ["replay: \(failure.replay)"]).joined(separator: "\n")
                    xml.append("      <failure type=\"\(failure.kind)\" message=\"\(escape(failure.headline))\">\(escape(body))</failure>")
                }
                xml.append("    </testcase>")
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    // MARK: HTML

    /// A self-contained page: totals, then each failure with its inputs, expected and actual
    /// outputs drawn as SVG marble diagrams.
    package func html() -> String {
        var body: [String] = []
        body.append("<h1>RxCheck report</h1>")
        let failed = properties.filter { $0.failures > 0 }.count
        body.append("<p class=\"summary\">\(properties.count) properties, \(totalCases) cases, \(failures.count) failure\(failures.count == 1 ? "" : "s") in \(failed) propert\(failed == 1 ? "y" : "ies")\(interrupted ? " — <b>interrupted</b>" : "") · seeds \(escape(seeds.joined(separator: ", "))) · shards \(escape(shards.joined(separator: ", ")))</p>")
        for (number, failure) in failures.enumerated() {
            body.append("<section class=\"failure \(failure.kind)\">")
            body.append("<h2>\(number + 1). \(escape(failure.property)) — \(escape(failure.kind))</h2>")
            body.append("<p class=\"headline\">\(escape(failure.headline))</p>")
            if let scenario = failure.scenario { body.append(svg(scenario: scenario, rows: failure.rows)) }
            body.append("<pre>\(escape(failure.details.joined(separator: "\n")))</pre>")
            body.append("<p class=\"replay\"><code>\(escape(failure.replay))</code></p>")
            body.append("</section>")
        }
        body.append("<h2>Properties</h2><table><tr><th>property</th><th>jobs</th><th>cases</th><th>failures</th></tr>")
        for property in properties {
            let state = property.failures > 0 ? "bad" : Self.notRun(property) ? "skipped" : "ok"
            let failures = Self.notRun(property) ? "not run" : "\(property.failures)"
            body.append("<tr class=\"\(state)\"><td>\(escape(property.name))</td><td>\(property.jobs)</td><td>\(property.cases)</td><td>\(failures)</td></tr>")
        }
        body.append("</table>")
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>RxCheck report</title>
        <style>
        body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em; color: #222; }
        section.failure { border: 1px solid #ddd; border-left: 6px solid #c0392b; padding: 0.5em 1em; margin: 1.5em 0; }
        section.crash, section.hang { border-left-color: #8e44ad; }
        pre { background: #f7f7f7; padding: 0.6em; overflow-x: auto; font-size: 12px; }
        table { border-collapse: collapse; } td, th { padding: 2px 10px; border-bottom: 1px solid #eee; text-align: left; }
        tr.bad td { color: #c0392b; font-weight: bold; }
        tr.skipped td { color: #888; font-style: italic; }
        svg text { font-family: Menlo, Consolas, monospace; font-size: 12px; }
        </style></head><body>
        \(body.joined(separator: "\n"))
        </body></html>
        """
    }

    /// One SVG: a line per source (hot on the absolute axis, cold from the subscription),
    /// the subscription window, then the output rows; marbles as circles, `|` and `×`.
    package func svg(scenario: Scenario, rows: [TimelineRow]) -> String {
        var lines: [(String, [TimelineRow.Mark], Bool)] = []
        for (name, timeline) in scenario.namedTimelines {
            let shift = timeline.flavor.isHot ? 0 : scenario.subscribed
            let marks = timeline.events.map { event -> TimelineRow.Mark in
                let tick = event.tick.saturatingAdd(shift)
                switch event.value {
                case .next(let value): return .init(tick: tick, kind: "next", value: "\(value)")
                case .error(let id): return .init(tick: tick, kind: "error", value: "TestError(\(id))")
                case .completed: return .init(tick: tick, kind: "completed", value: "")
                }
            }
            lines.append(("\(name) \(timeline.flavor.rawValue)", marks, false))
        }
        for row in rows { lines.append((row.label, row.marks, true)) }
        let ticks = lines.flatMap { $0.1.map(\.tick) } + [scenario.subscribed, scenario.disposed]
        let first = min(ticks.min() ?? 0, scenario.subscribed)
        let last = max(ticks.max() ?? 1000, scenario.disposed)
        // In Double: ticks read from a report may lie anywhere in Int's range.
        let span = max(Double(last) - Double(first), 1)
        let left = 120.0, width = 720.0, rowHeight = 36.0
        func x(_ tick: Int) -> Double { left + 10 + ((Double(tick) - Double(first)) / span) * (width - 20) }
        let height = rowHeight * Double(lines.count + 1) + 10
        var svg = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(left + width + 20))\" height=\"\(Int(height))\" role=\"img\">"]
        // The subscription window behind everything.
        svg.append("<rect x=\"\(x(scenario.subscribed))\" y=\"4\" width=\"\(max(1, x(scenario.disposed) - x(scenario.subscribed)))\" height=\"\(height - 8)\" fill=\"#eef6ff\"/>")
        svg.append("<text x=\"\(x(scenario.subscribed))\" y=\"\(height - 4)\" fill=\"#3b6ea5\">^ \(scenario.subscribed)</text>")
        svg.append("<text x=\"\(x(scenario.disposed) - 30)\" y=\"\(height - 4)\" fill=\"#3b6ea5\">! \(scenario.disposed)</text>")
        for (index, line) in lines.enumerated() {
            let y = rowHeight * Double(index + 1)
            let colour = line.2 ? (line.0 == "expected" ? "#2c7a2c" : "#b03a2e") : "#333"
            svg.append("<text x=\"4\" y=\"\(y + 4)\" fill=\"\(colour)\">\(escape(line.0))</text>")
            svg.append("<line x1=\"\(left)\" y1=\"\(y)\" x2=\"\(left + width)\" y2=\"\(y)\" stroke=\"\(colour)\" stroke-width=\"1.5\"/>")
            var stack: [Int: Int] = [:]
            for mark in line.1 {
                let lift = Double(stack[mark.tick, default: 0]) * 7
                stack[mark.tick, default: 0] += 1
                let cx = x(mark.tick) + lift
                switch mark.kind {
                case "next":
                    svg.append("<circle cx=\"\(cx)\" cy=\"\(y)\" r=\"9\" fill=\"#fff\" stroke=\"\(colour)\" stroke-width=\"1.5\"><title>\(mark.tick): next(\(escape(mark.value)))</title></circle>")
                    svg.append("<text x=\"\(cx)\" y=\"\(y + 4)\" text-anchor=\"middle\" fill=\"\(colour)\">\(escape(String(mark.value.prefix(3))))</text>")
                case "completed":
                    svg.append("<line x1=\"\(cx)\" y1=\"\(y - 10)\" x2=\"\(cx)\" y2=\"\(y + 10)\" stroke=\"\(colour)\" stroke-width=\"3\"><title>\(mark.tick): completed</title></line>")
                default:
                    svg.append("<text x=\"\(cx)\" y=\"\(y + 6)\" text-anchor=\"middle\" font-size=\"18\" fill=\"\(colour)\">×<title>\(mark.tick): error(\(escape(mark.value)))</title></text>")
                }
            }
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }
}

/// Text for XML and HTML: markup characters escaped, and control characters XML 1.0 does not
/// allow (all below U+0020 but tab, line feed and carriage return) replaced by U+FFFD.
private func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
        default: result.unicodeScalars.append(scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) ? "\u{FFFD}" : scalar)
        }
    }
    return result
}
