// The contract every reader keeps, one test per kind of input that once broke it: line endings,
// a grid that prints wider than it reads, sources drawn before their subscription, legends past
// the alphabet, tie lines that read in quadratic time, and report totals that overflow.

import Foundation
import Testing
import RxCheck
import RxTestKit

@Suite struct ReaderContractTests {
    static let entry = """
    # a comment
    == withLatestFrom.matchesModel seed 5eed000020260001 case 21
    date: 2026-11-21
    note: withLatestFrom keeps a stale value
    grid: 10 ticks per frame, column 0 = tick 200
    s0 hot: -0
    s1 hot: -(10)
    window: ^-------------------------------------------------------------------------------!
    ties 210: s1 s1 s0
    """

    /// CRLF, and a lone CR, end a line: a file saved on Windows reads as the same entries.
    @Test func windowsLineEndings_readAsLineEnds() throws {
        let plain = try SeedEntry.parse(Self.entry + "\n", file: "a.seeds")
        #expect(plain.count == 1)
        let crlf = try SeedEntry.parse(Self.entry.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n", file: "a.seeds")
        #expect(crlf == plain)
        let cr = try SeedEntry.parse(Self.entry.replacingOccurrences(of: "\n", with: "\r") + "\r", file: "a.seeds")
        #expect(cr == plain)
        #expect(crlf.first?.line == 2)
    }

    /// A grid of 10¹² ticks per frame with a subscriber one tick off it: the subscriber is
    /// written as numbers, so it no longer narrows the printed grid to one tick per frame
    /// (which asked for terabytes).
    @Test func printing_isNoWiderThanWhatWasRead() throws {
        let text = """
        == zip.matchesModel seed 5eed000020260001 case 1
        date: 2026-11-21
        note: n
        grid: 1000000000000 ticks per frame, column 0 = tick 200
        s0 hot: -1
        window: ^--!
        subscribers: 201-202
        """
        let entry = try #require(try SeedEntry.parse(text, file: "a.seeds").first)
        let printed = entry.text()
        #expect(printed.utf8.count < 2 * text.utf8.count)
        #expect(try SeedEntry.parse(printed, file: "b.seeds") == [entry])
    }

    /// The printed grid may be coarser than the one read (the gcd of the drawn ticks), past
    /// 10¹²: it still reads back.
    @Test func aCoarserPrintedGrid_readsBack() throws {
        let text = """
        == combineLatest.obeysGrammar seed 5eed000020260001 case 63
        date: 2026-11-28
        note: n
        grid: 999999999999 ticks per frame, column 0 = tick 200
        s0 hot: --1-1
        window: ^-----------------------!
        """
        let entry = try #require(try SeedEntry.parse(text, file: "a.seeds").first)
        #expect(entry.text().contains("grid: 1999999999998 ticks per frame"))
        #expect(try SeedEntry.parse(entry.text(), file: "b.seeds") == [entry])
    }

    /// A '^' on a cold source would put its events before its subscription: refused at its
    /// line and column instead of accepted and printed as text that does not read.
    @Test func aColdSourceWithASubscriptionMark_isRefusedWhereItIs() {
        let text = """
        == merge.obeysGrammar seed 5eed000020260001 case 119
        date: 2026-11-28
        note: n
        grid: 10 ticks per frame, column 0 = tick 200
        s0 cold: ---#^
        window: ^-------!
        """
        #expect(throws: SeedFileError(file: "a.seeds", line: 5,
                                      message: "s0: column 5: '^' marks a hot source's subscription; a cold source starts at its own")) {
            try SeedEntry.parse(text, file: "a.seeds")
        }
    }

    /// More distinct values than letters: the legend goes on past the alphabet, so the entry
    /// prints to a diagram that reads back (it ran out at 52 and drew '?').
    @Test func manyDistinctValues_printBack() throws {
        let events = (0..<80).map { TimelineEvent(210 + 10 * $0, .next(100 + $0)) }
        let scenario = Scenario(sources: [SourceTimeline(.hot, events)], disposed: 1_100)
        let entry = SeedEntry(property: "map.matchesModel", seed: 1, caseIndex: 0, date: "d", note: "n", scenario: scenario)
        #expect(try SeedEntry.parse(entry.text(), file: "a.seeds").map(\.scenario) == [scenario])
    }

    /// A tie line naming thousands of events reads in time linear in its length: four times
    /// the events take about four times as long, not sixteen (each owner was looked up and
    /// removed from the whole list).
    @Test func aLongTieLine_readsInLinearTime() throws {
        func entry(_ count: Int) -> String {
            let group = "(" + String(repeating: "1", count: count) + ")"
            return """
            == merge.matchesModel seed 5eed000020260001 case 1
            date: d
            note: n
            grid: 10 ticks per frame, column 0 = tick 200
            s0 hot: -\(group)
            s1 hot: -\(group)
            window: ^--!
            ties 210: \(Array(repeating: "s1 s0", count: count).joined(separator: " "))
            """
        }
        func seconds(_ text: String) throws -> Double {
            var best = Double.infinity
            for _ in 0..<3 {
                let start = Date()
                _ = try SeedEntry.parse(text, file: "a.seeds")
                best = min(best, Date().timeIntervalSince(start))
            }
            return best
        }
        let small = try seconds(entry(4_000)), large = try seconds(entry(16_000))
        #expect(large / small < 9, "4× the events took \(large / small)× as long (\(small) s, \(large) s)")
    }

    /// Totals read from reports add up without trapping: a sum past `Int.max` stays there, and
    /// seconds past the largest Double stay finite.
    @Test func mergedTotals_saturate() {
        let report = NightlyReport(seeds: [], shards: [], interrupted: false, seconds: .greatestFiniteMagnitude,
                                   properties: [.init(name: "a", group: "a", jobs: .max, cases: .max, failures: .max)],
                                   failures: [])
        let merged = NightlyReport.merge([report, report])
        #expect(merged.properties[0].cases == .max)
        #expect(merged.properties[0].jobs == .max)
        #expect(merged.totalCases == .max)
        #expect(merged.seconds.isFinite)
    }

    /// A count a report cannot have is refused at its JSON path.
    @Test func negativeCounts_areRefusedAtTheirPath() {
        let report = NightlyReport(seeds: [], shards: [], interrupted: false, seconds: 1,
                                   properties: [.init(name: "a", group: "a"), .init(name: "b", group: "b", cases: -1)],
                                   failures: [])
        #expect(report.problem()?.path == "properties[1].cases")
    }
}
