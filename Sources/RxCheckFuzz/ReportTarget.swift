// The report reader and everything `merge` does with what it read: up to four JSON reports are
// read (or refused at a JSON path), merged, written back as JSON, JUnit and HTML with SVG. No
// number in them may trap a sum or make the output grow with its size.

import Foundation
import RxCheck
import RxCheckCLI
import RxTestKit

extension FuzzTarget {
    /// Reports separated by a line `---`.
    public static let report = FuzzTarget(
        name: "report",
        summary: "nightly JSON reports: read or refused at a JSON path; merged, they write JSON, JUnit and HTML of bounded size",
        corpus: { ReportCorpus.inputs.map { Array($0.utf8) } },
        check: { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            var reports: [NightlyReport] = []
            for (index, part) in text.components(separatedBy: "\n---\n").prefix(4).enumerated() {
                if let report = try? MergeCommand.read(Data(part.utf8), path: "r\(index).json") { reports.append(report) }
            }
            guard !reports.isEmpty else { return nil }
            let merged = NightlyReport.merge(reports)
            let json: Data
            do {
                json = try merged.json()
            } catch {
                return "the merged report cannot be written as JSON: \(error)"
            }
            guard let again = try? MergeCommand.read(json, path: "merged.json") else {
                return "the merged report's JSON does not read back"
            }
            guard again == merged else { return "the merged report's JSON reads back as another report" }
            let bound = 64 * bytes.count + 65_536
            let junit = merged.junit()
            if junit.utf8.count > bound { return "JUnit of \(junit.utf8.count) bytes from \(bytes.count)" }
            let html = merged.html()
            if html.utf8.count > bound { return "HTML of \(html.utf8.count) bytes from \(bytes.count)" }
            return nil
        })
}

/// Reports to start from: a shard with a failure drawn from a scenario, and two shards.
enum ReportCorpus {
    static let inputs: [String] = {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(300, .completed)]),
                                          SourceTimeline(.cold, [TimelineEvent(20, .next(2)), TimelineEvent(40, .error(2))])])
        let row = TimelineRow(label: "expected", marks: [.init(tick: 210, kind: "next", value: "1"), .init(tick: 300, kind: "completed", value: "")])
        let failure = NightlyReport.Failure(kind: "falsified", property: "zip.matchesModel", seed: "5eed000020260001", case: 4,
                                            headline: "output differs from the model", details: ["s0 hot -1-|"],
                                            scenario: scenario, rows: [row, TimelineRow(label: "actual", marks: [])],
                                            replay: "rxcheck reproduce zip.matchesModel --seed 5eed000020260001 --case 4")
        let one = NightlyReport(seeds: ["5eed000020260001"], shards: ["1/2"], interrupted: false, seconds: 12.5,
                                properties: [.init(name: "zip.matchesModel", group: "zip", jobs: 2, cases: 400, failures: 1),
                                             .init(name: "zip.cleansUp", group: "zip", jobs: 2, cases: 400)],
                                failures: [failure])
        let two = NightlyReport(seeds: ["5eed000020260001"], shards: ["2/2"], interrupted: true, seconds: 3,
                                properties: [.init(name: "zip.matchesModel", group: "zip", jobs: 1, cases: 100),
                                             .init(name: "map.cleansUp", group: "map")],
                                failures: [])
        func text(_ report: NightlyReport) -> String { String(decoding: (try? report.json()) ?? Data(), as: UTF8.self) }
        return [text(one), text(one) + "\n---\n" + text(two)]
    }()
}
