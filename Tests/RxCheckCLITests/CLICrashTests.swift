// Crashes, stack overflows and runaways, located in every command that runs cases, and what a
// nightly run keeps when it is stopped or its output fails at the end.

import Foundation
import Testing
import RxCheck
import RxTestKit

extension CLITests {
    @Test func check_crashingCase_isLocated_andEarlierOutputIsKept() throws {
        let run = try CLI.run(["check", "selftest.combineLatest", "selftest.trap", "--cases", "500"],
                              environment: ["RXCHECK_SELFTEST": "1"])
        #expect(run.status == 1)
        // Written to a file (not a terminal), what came before the crash is all there.
        #expect(run.output.contains("✗ selftest.combineLatest"))
        #expect(run.output.contains("  replay: RXCHECK_SELFTEST=1 swift run -c release rxcheck reproduce selftest.combineLatest"))
        let line = try #require(run.output.split(separator: "\n").first { $0.contains("crashed") })
        #expect(line.hasPrefix("✗ crashed (SIG"))
        #expect(line.contains(") in selftest.trap, seed 5eed000020260001, case "))
        #expect(run.output.contains("  reproduce: RXCHECK_SELFTEST=1 swift run -c release rxcheck reproduce selftest.trap --seed 5eed000020260001 --case "))
        // And on stderr too, for a run whose stdout goes to a file.
        #expect(run.errors.contains(String(line)))
    }

    @Test func check_stackOverflow_isLocated() throws {
        let run = try CLI.run(["check", "selftest.overflow", "--cases", "500"], environment: ["RXCHECK_SELFTEST": "1"])
        #expect(run.status == 1)
        #expect(run.output.contains("✗ crashed (SIGSEGV, a bad access or a stack overflow) in selftest.overflow, seed 5eed000020260001, case "))
    }

    @Test func check_andReproduce_stopARunawayAtTheTimeout() throws {
        let run = try CLI.run(["check", "selftest.hang", "--cases", "500", "--timeout", "1"],
                              environment: ["RXCHECK_SELFTEST": "1"], timeout: 30)
        #expect(run.status == 1)
        let line = try #require(run.output.split(separator: "\n").first { $0.contains("ran past") })
        #expect(line.hasPrefix("✗ ran past 1 s (a runaway; --timeout sets the limit) in selftest.hang, seed 5eed000020260001, case "))
        let index = try #require(line.split(separator: " ").last.map(String.init))
        let again = try CLI.run(["reproduce", "selftest.hang", "--seed", "5eed000020260001", "--case", index, "--timeout", "1"],
                                environment: ["RXCHECK_SELFTEST": "1"], timeout: 30)
        #expect(again.status == 1)
        #expect(again.output.contains("✗ ran past 1 s (a runaway; --timeout sets the limit) in selftest.hang, seed 5eed000020260001, case \(index)"))
        let bad = try CLI.run(["check", "zip", "--timeout", "soon"])
        #expect(bad.status == 2)
        #expect(bad.errors.contains("check: --timeout needs a whole number of 0 or more, got 'soon'"))
    }

    @Test func replay_goesOnPastACrashingAndAHangingEntry() throws {
        let directory = try CLI.temporaryDirectory()
        let seeds = directory.appendingPathComponent("Seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        for (property, values) in [("selftest.hang", "-3-3-3-|"), ("selftest.trap", "-4-4-4-|"), ("map.matchesModel", "-4-4-4-|")] {
            try """
            == \(property) seed 0000000000000001 case 1
            date: 2026-11-24
            note: stored
            grid: 10 ticks per frame, column 0 = tick 200
            s0 hot: \(values)
            window: ^--------!

            """.write(to: seeds.appendingPathComponent("\(property).seeds"), atomically: true, encoding: .utf8)
        }
        let run = try CLI.run(["replay", "Seeds", "--timeout", "1"], in: directory,
                              environment: ["RXCHECK_SELFTEST": "1"], timeout: 60)
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(run.output)")
        #expect(lines[0] == "✓ Seeds/map.matchesModel.seeds:1 map.matchesModel passes (stored)")
        #expect(lines[1] == "✗ ran past 1 s (a runaway; --timeout sets the limit) in Seeds/selftest.hang.seeds:1 selftest.hang")
        #expect(lines[2].hasPrefix("✗ crashed (SIG"))
        #expect(lines[3] == "1 passed, 2 failed")
        #expect(lines[2].hasSuffix(") in Seeds/selftest.trap.seeds:1 selftest.trap"))
    }

    @Test func nightly_sigterm_recordsTheCasesInFlight() throws {
        let directory = try CLI.temporaryDirectory()
        guard try terminatedNightly(["selftest.hang", "--cases", "300", "--hang-timeout", "600"], after: 5, in: directory) != nil
        else { return }
        let report = try JSONDecoder().decode(NightlyReport.self, from: Data(contentsOf: directory.appendingPathComponent("r.json")))
        #expect(report.interrupted)
        let inFlight = try #require(report.failures.first { $0.kind == "interrupted" })
        #expect(inFlight.property == "selftest.hang")
        #expect(inFlight.scenario != nil)
        #expect(inFlight.headline.hasPrefix("in flight when the run was interrupted, silent for "))
        #expect(inFlight.replay.contains("reproduce selftest.hang --seed \(inFlight.seed) --case \(inFlight.case)"))
    }

    // MARK: file problems are plain errors, checked before the run

    /// A report that still cannot be written at the end (its folder went away during the run)
    /// is reported; the other outputs are written and the summary printed, exit 2.
    @Test func nightly_outputThatFailsAtTheEnd_losesNothingElse() throws {
        let directory = try CLI.temporaryDirectory()
        let vanishing = directory.appendingPathComponent("gone")
        try FileManager.default.createDirectory(at: vanishing, withIntermediateDirectories: true)
        let remover = Thread {
            Thread.sleep(forTimeInterval: 1)
            try? FileManager.default.removeItem(at: vanishing)
        }
        remover.start()
        let run = try CLI.run(["nightly", "map", "--duration", "3s", "--jobs", "1", "--cases", "20", "--seed", "1",
                               "--report", "gone/r.json", "--junit", "j.xml", "--no-save"], in: directory, timeout: 60)
        #expect(run.status == 2)
        #expect(run.errors.contains("rxcheck nightly: --report gone/r.json: cannot write: "), "\(run.errors)")
        #expect(run.output.contains("passed, 0 failed, 0 not run ("), "\(run.output)")
        let junit = try String(contentsOf: directory.appendingPathComponent("j.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"map\" name=\"map.matchesModel\">"))
    }

    @Test func outputPaths_areCheckedBeforeTheRun_inPlainWords() throws {
        let directory = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out"), withIntermediateDirectories: true)
        try "[1, 2]".write(to: directory.appendingPathComponent("arr.json"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["nightly", "map", "--duration", "1h", "--report", "out"], "nightly: --report out: is a folder, not a file"),
            (["nightly", "map", "--duration", "1h", "--junit", "missing/j.xml"], "nightly: --junit missing/j.xml: folder missing does not exist"),
            (["nightly", "map", "--duration", "1h", "--seeds", "/proc"], "nightly: --seeds /proc: cannot create files in /proc"),
            (["check", "zip", "--save", "--seeds", "/proc"], "check: --save: cannot save into /proc: cannot create files in /proc"),
            (["merge", "arr.json"], "merge: arr.json: not an rxcheck report (the top level should be an object)"),
            (["merge", "out"], "merge: out: is a folder; name the shards' JSON reports"),
            (["replay", "out"], "replay: out: a folder with no .seeds files"),
            (["replay", "nowhere.seeds"], "replay: nowhere.seeds: no such file or folder"),
        ]
        for (arguments, message) in cases {
            let started = Date()
            let run = try CLI.run(arguments, in: directory, timeout: 30)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
            #expect(!run.errors.contains("NSCocoaErrorDomain") && !run.errors.contains("Error Domain"), "\(arguments)")
            #expect(Date().timeIntervalSince(started) < 20, "\(arguments) ran before refusing")
        }
    }
}
