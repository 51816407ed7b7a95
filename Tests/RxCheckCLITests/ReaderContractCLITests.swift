// What `replay` and `merge` do with inputs that once crashed them, misjudged a correct operator,
// or slipped through unread: each is now accepted and run, or refused with an error at its file
// and line (or JSON path) and exit status 2.

import Foundation
import Testing
import RxCheck

@Suite struct ReaderContractCLITests {
    static func entry(_ property: String, _ lines: [String]) -> String {
        (["== \(property) seed 5eed000020260001 case 1", "date: 2026-11-28", "note: n",
          "grid: 10 ticks per frame, column 0 = tick 200"] + lines).joined(separator: "\n") + "\n"
    }

    /// A folder replay reads a file saved with Windows line endings, and a file that holds no
    /// entry fails the replay, naming the file: it is never skipped as if it were empty.
    @Test func folderReplay_readsWindowsFiles_andRefusesOnesWithoutEntries() throws {
        let directory = try CLI.temporaryDirectory()
        let seeds = directory.appendingPathComponent("Seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        let good = "# regression seeds\n" + Self.entry("zip.matchesModel", ["s0 hot: -1", "s1 hot: --2", "window: ^---!"])
        try good.replacingOccurrences(of: "\n", with: "\r\n")
            .write(to: seeds.appendingPathComponent("zip.matchesModel.seeds"), atomically: true, encoding: .utf8)
        let read = try CLI.run(["replay", "Seeds"], in: directory)
        #expect(read.status == 0, "\(read.errors)")
        #expect(read.output.contains("1 passed, 0 failed"))
        try "# nothing here yet\n".write(to: seeds.appendingPathComponent("map.matchesModel.seeds"), atomically: true, encoding: .utf8)
        let refused = try CLI.run(["replay", "Seeds"], in: directory)
        #expect(refused.status == 2)
        #expect(refused.errors.contains("map.matchesModel.seeds: no entries"), "\(refused.errors)")
    }

    /// An entry its property cannot run — a source too few for zip, an element that overflows
    /// its selector, a window far longer than the property draws for a timer — is refused at
    /// its line, instead of crashing the replay or reporting RxCore's correct operator as failing.
    @Test func replay_refusesEntriesItsPropertyCannotRun() throws {
        let directory = try CLI.temporaryDirectory()
        let cases: [(String, String, String)] = [
            ("zip.seeds", Self.entry("zip.matchesModel", ["s0 hot: -1", "window: ^---!"]),
             "zip.seeds:1: zip.matchesModel cannot run this case: 1 sources, where the operator takes 2"),
            // zip's selector is `a * 10 + b`: an element this large overflowed it and trapped.
            ("big.seeds", Self.entry("zip.matchesModel", ["s0 hot: -a", "s1 hot: -1", "window: ^---!", "legend: a=9223372036854775807"]),
             "big.seeds:1: zip.matchesModel cannot run this case: s0 has the element 9223372036854775807 at 210, outside -1000000...1000000"),
            // 300,000 ticks of a timer: past the property's step budget, so it read as a runaway.
            ("repeat.seeds", Self.entry("repeatElement.deterministic", ["window: ^--!", "parameters: 1 1"])
                .replacingOccurrences(of: "grid: 10 ticks", with: "grid: 100000 ticks"),
             "repeat.seeds:1: repeatElement.deterministic cannot run this case: the window 200-300200 is longer than the 800 ticks this property draws"),
        ]
        for (name, text, message) in cases {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let run = try CLI.run(["replay", name], in: directory)
            #expect(run.status == 2, "\(name): \(run.output)")
            #expect(run.errors.contains(message), "\(run.errors)")
        }
    }

    /// Shard totals past `Int.max` merge to `Int.max` instead of trapping; a negative count is
    /// refused at its JSON path.
    @Test func merge_saturatesTotals_andRefusesNegativeCounts() throws {
        let directory = try CLI.temporaryDirectory()
        func report(_ shard: String, cases: Int) throws -> Data {
            try NightlyReport(seeds: ["5eed000020260001"], shards: [shard], interrupted: false, seconds: 1,
                              properties: [.init(name: "zip.matchesModel", group: "zip", jobs: 1, cases: cases)],
                              failures: []).json()
        }
        try report("1/2", cases: .max).write(to: directory.appendingPathComponent("a.json"))
        try report("2/2", cases: .max).write(to: directory.appendingPathComponent("b.json"))
        let merged = try CLI.run(["merge", "a.json", "b.json", "--junit", "m.xml", "--html", "m.html"], in: directory)
        #expect(merged.status == 0, "\(merged.errors)")
        #expect(merged.output.contains("\(Int.max) cases"))
        try report("2/2", cases: -5).write(to: directory.appendingPathComponent("c.json"))
        let refused = try CLI.run(["merge", "a.json", "c.json"], in: directory)
        #expect(refused.status == 2)
        #expect(refused.errors.contains("merge: c.json: at 'properties[0].cases': -5 is negative"), "\(refused.errors)")
    }
}
